// Every widget module's default export is plWidget(render) from here (ES module).
/**
 * Keys typed inside a pokerlab widget belong to the widget. In JupyterLab, keys that reach the
 * notebook are its shortcuts (D D deletes a cell, R makes it raw, Enter opens the editor, arrows move
 * between cells...). A widget here is the whole output it lives in: the outermost ipywidgets view
 * around a pokerlab element, so the plain ipywidgets controls of our layouts (a "New hand" button, a
 * progress line) count as well, and a static pokerlab picture (`.pl-keys`, drawn by Python).
 *
 * The first time a widget is pressed or gets focus it is "claimed" (plClaim): it becomes focusable
 * (tabindex -1), so a click on its plain text puts focus in it rather than on the notebook cell; it is
 * marked with Lumino's `data-lm-suppress-shortcuts`, so no JupyterLab shortcut runs while focus is
 * inside; and unmodified key presses stop at it. Key combinations with Ctrl, Alt or Cmd pass, so the
 * browser's and JupyterLab's own (save, find...) still work. Escape, unless the widget used it (it
 * then calls preventDefault), gives focus back to the cell around the widget, and with it the
 * notebook's keys; so does a click outside.
 *
 * Claiming happens in capture listeners on the document, installed once per page by whichever
 * pokerlab module loads first: a widget's element is not in the page yet when render runs, and a
 * plain ipywidgets control has no code of ours at all.
 */
const PL_WIDGET_MARK = "data-pl-widget";

/** The widget around `node`: the outermost ipywidgets view holding pokerlab content, or a picture. */
function plWidgetAround(node) {
  let element = node instanceof Element ? node : node && node.parentElement;
  if (!element) return null;
  const ours = `[${PL_WIDGET_MARK}], .pl-keys`;
  let top = null;
  for (let at = element; at; at = at.parentElement) {
    if (at.classList.contains("jupyter-widgets") || at.hasAttribute(PL_WIDGET_MARK)) top = at;
  }
  if (top && (top.matches(ours) || top.querySelector(ours))) return top;
  return element.closest(".pl-keys");
}

/** Give focus (and the keys) back to the nearest focusable place outside the widget: the cell. */
function plHandBack(widget) {
  const outside = widget.parentElement && widget.parentElement.closest("[tabindex]");
  if (outside) outside.focus({ preventScroll: true });
  else if (widget.contains(document.activeElement)) document.activeElement.blur();
}

function plKeyDown(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  event.stopPropagation();
  if (event.key === "Escape" && !event.defaultPrevented) plHandBack(event.currentTarget);
}

/** Make `widget` keep its keys (see the comment at the top). Safe to call again. */
function plClaim(widget) {
  if (widget.plKeysClaimed) return;
  widget.plKeysClaimed = true;
  widget.setAttribute("data-lm-suppress-shortcuts", "true");
  if (!widget.hasAttribute("tabindex")) widget.tabIndex = -1;
  widget.addEventListener("keydown", plKeyDown);
}

function plClaimAround(event) {
  const widget = plWidgetAround(event.target);
  if (widget) plClaim(widget);
}

function plInstallKeys() {
  if (window.pokerlabKeys) return;
  window.pokerlabKeys = { claim: plClaim, around: plWidgetAround };
  // Capture: before the browser moves focus on a press, and before anything inside sees the focus.
  document.addEventListener("pointerdown", plClaimAround, true);
  document.addEventListener("mousedown", plClaimAround, true);
  document.addEventListener("focusin", plClaimAround, true);
}

/** A widget module's default export: `render` with its element marked as a pokerlab widget. */
export function plWidget(render) {
  return {
    render(context) {
      plInstallKeys();
      context.el.setAttribute(PL_WIDGET_MARK, "");
      // Lumino skips shortcuts for targets inside this mark even before the widget is claimed.
      context.el.setAttribute("data-lm-suppress-shortcuts", "true");
      return render(context);
    },
  };
}
