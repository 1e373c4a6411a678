// Joined in front of every widget module by pokerlab/widgets/_assets.py (see esm there).
/**
 * Keys typed inside a widget belong to the widget. In JupyterLab, keys that reach the notebook are
 * its shortcuts (D D deletes a cell, M makes it Markdown, arrows move the cursor...), so every
 * widget's element is marked with Lumino's `data-lm-suppress-shortcuts` (no JupyterLab shortcut runs
 * while focus is inside) and unmodified key presses stop at the widget. Key combinations with Ctrl,
 * Alt or Cmd pass, so the browser's and JupyterLab's own (save, find...) still work.
 */
function plKeepKeys(el) {
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  el.addEventListener("keydown", (event) => {
    if (!event.ctrlKey && !event.metaKey && !event.altKey) event.stopPropagation();
  });
}

/** A widget module's default export: `render` with its element keeping its keys (see plKeepKeys). */
function plWidget(render) {
  return {
    render(context) {
      plKeepKeys(context.el);
      return render(context);
    },
  };
}

