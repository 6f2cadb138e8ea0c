import { serverProject } from './vitest.config.js';

export default serverProject(true);
