"""The name question of a new browser appears at once, not one kernel round trip after "hello"
(pokerlab/widgets/static/identity.js), and the kernel's confirming answer keeps what was typed.

The widget's module runs in a plain page against the harness's stand-in model, so the kernel's
answer comes exactly when the test sends it."""

from __future__ import annotations

from tests.browser.harness import show

from pokerlab.widgets.identity import IdentityWidget

WIDGET = "#widget.pl-id"


def test_a_new_browser_is_asked_at_once_and_keeps_what_was_typed_when_the_kernel_confirms(page, voila_url: str) -> None:  # noqa: ANN001
    page.goto(f"{voila_url}/voila/static/voila.js")  # the server's origin (cookies, an empty localStorage)
    widget = IdentityWidget()
    assert widget.state == "waiting"
    show(page, widget)  # this browser has no saved name
    assert page.get_attribute(WIDGET, "data-state") == "asking"
    page.fill(f"{WIDGET} input[name=learner_name]", "Ada")
    page.focus(f"{WIDGET} input[name=learner_name]")

    widget.hello("?seed=5")  # the kernel's answer to "hello" arrives: only ``state`` changed
    assert widget.state == "asking"
    page.evaluate("""(state) => {
      window.plState.state = state;
      for (const handler of window.plHandlers["change:state"] || []) handler();
    }""", widget.state)
    assert page.input_value(f"{WIDGET} input[name=learner_name]") == "Ada"
    assert page.evaluate("document.activeElement.name") == "learner_name"

    page.click(f"{WIDGET} .pl-id-go")
    sent = page.evaluate("window.plSent")
    assert [message["type"] for message in sent] == ["hello", "claim"]  # the kernel reads them in this order
    assert sent[0]["query"] == "" and sent[0]["key"] == "" and sent[1]["name"] == "Ada"


def test_a_browser_with_a_saved_name_waits_for_the_kernel_to_recognise_it(page, voila_url: str) -> None:  # noqa: ANN001
    page.goto(f"{voila_url}/voila/static/voila.js")  # a page of the server's origin, for its localStorage
    page.evaluate("""() => localStorage.setItem("pokerlab.learners",
        JSON.stringify({last: "Ada", keys: {ada: "k".repeat(64)}}))""")
    widget = IdentityWidget()
    page.evaluate("""async ({ esm }) => {
      document.body.innerHTML = '<div id="widget"></div>';
      window.plState = { state: "waiting", learner_name: "", message: "", in_game: false, purpose: "" };
      window.plSent = [];
      const model = { get: (n) => window.plState[n], on: () => {}, send: (c) => window.plSent.push(c) };
      const module = await import(URL.createObjectURL(new Blob([esm], { type: "text/javascript" })));
      module.default.render({ model, el: document.getElementById("widget") });
    }""", {"esm": widget._esm})
    assert page.get_attribute(WIDGET, "data-state") == "waiting"  # "Opening…": not asked again
    sent = page.evaluate("window.plSent")
    browser = sent[0].pop("browser")  # the browser's own key, the same for all its names (a class game's one name)
    assert sent == [{"type": "hello", "query": "", "name": "Ada", "key": "k" * 64}]
    assert len(browser) == 64 and browser == page.evaluate("JSON.parse(localStorage.getItem('pokerlab.learners')).browser")
