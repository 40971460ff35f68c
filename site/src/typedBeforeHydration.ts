// What a visitor typed or chose in the served page before its script came. React's hydration
// leaves the element's text as it is but starts the controlled field's state from the prerender's
// (empty), and its next render writes that back: what was typed would be lost. The fields changed
// by then are noted before hydration starts and, once it has committed, each is given its text
// again as an edit: emptied through the element's own `value` (what React last wrote, so the edit
// is a change to it), its text set again through the native setter, and a bubbling `input` event
// (`change` for a select), which React's onChange hears as a visitor's edit.

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'number', '']);

/** A field the visitor has changed from what the page was served with. */
function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (field instanceof HTMLInputElement && !TEXT_TYPES.has(field.type)) return false;
  return field.value !== field.defaultValue;
}

/**
 * Notes the fields of `root` the visitor has changed; call before hydrateRoot. Answers the
 * function that gives them their values again, to call once hydration has committed.
 */
export function keepTyped(root: ParentNode): () => void {
  const typed = [...root.querySelectorAll<Field>('input, textarea, select')]
    .filter(changed)
    .map((field) => ({ field, value: field.value }));
  return () => {
    for (const { field, value } of typed) {
      if (!field.isConnected) continue;
      if (field instanceof HTMLSelectElement) {
        field.value = value;
        field.dispatchEvent(new Event('change', { bubbles: true }));
        continue;
      }
      field.value = '';
      const prototype = Object.getPrototypeOf(field) as object;
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
}
