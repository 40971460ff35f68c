// Grey cards of a property card's size, where a search's cards will be (styles/cards.css).
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
            <div className="card-placeholder__media" />
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
