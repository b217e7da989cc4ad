// Pure view rules of the idle warning (kept apart from the dialog so tests run without styles).

/** The polite live region speaks at the start, every 10 seconds, and each of the last 5. */
export function shouldAnnounce(remaining: number, countdownSeconds = 60): boolean {
  return remaining === countdownSeconds || remaining % 10 === 0 || remaining <= 5;
}
