// Grey cards of a property card's size, where a search's cards will be (styles/cards.css).
/**
 * The photo box's content: the boot script's (early.ts draws the search's first photos there
 * before the app's code has come). Given as inner HTML, so the hydration keeps what is there
 * instead of removing it as children it does not know (React DOM leaves an element's inner HTML as
 * the page has it while hydrating).
 */
const EARLY_PHOTO = { __html: '' };

/**
 * Cards still on their way (a search's answer): grey cards of a real card's size where the cards
 * will be, so nothing moves when they come. Hidden from screen readers (the heading above says
 * the search is running).
 */
export function PlaceholderGrid({ count = 3 }: { count?: number }) {
  return (
    <ul className="card-grid" role="list" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <div className="card-placeholder">
            <div className="card-placeholder__media" dangerouslySetInnerHTML={EARLY_PHOTO} />
            <div className="card-placeholder__body">
              <span className="placeholder-line placeholder-line--short" />
              <span className="placeholder-line" />
              <span className="placeholder-line placeholder-line--short" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
