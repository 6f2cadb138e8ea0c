import { webProject } from './vitest.config.js';

export default webProject(true);
