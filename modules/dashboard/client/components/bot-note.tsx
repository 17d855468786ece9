const number = new Intl.NumberFormat('en');

/** "12 bot visits not counted", and why: bots are redirected, their visits kept out of the clicks. Nothing without any. */
export function BotNote({ visits }: { visits: number | null | undefined }) {
  if (!visits) return null;
  return (
    <p class="muted bot-note">
      {number.format(visits)} bot {visits === 1 ? 'visit' : 'visits'} not counted: visits from curl, headless browsers and crawlers are redirected but kept out
      of the clicks.
    </p>
  );
}
