/**
 * Retries `attempt` until it resolves, for at most `seconds` of wall time (never a count of tries: a busy machine makes
 * each try slower, and a test must not pass or fail on the machine's speed). The last error is thrown at the deadline.
 */
export async function eventually<T>(attempt: () => Promise<T>, seconds = 60, pauseMs = 100): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}
