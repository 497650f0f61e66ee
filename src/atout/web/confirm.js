// One question before an action that cannot be taken back (conceding a trick, leaving a
// table in play), asked once, as the card sites do. A native <dialog> opened modal: the
// focus stays inside it, Escape cancels, a screen reader reads it as a dialog with its
// question and detail, and the focus goes back to the button that asked.
//
// The dialog lives on <body>, outside the table that morph.js patches: a state frame
// arriving while the person reads the question neither rebuilds nor removes it.
import { h } from "./lobby.js";
import { t } from "./i18n/index.js";

let open = null; // the question being asked: a second one while it is open is not asked

/** Ask `question` (with `detail` under it); resolves true on `confirm`, false on Cancel/Escape. */
export function confirmAction({ question, detail = "", confirm, id = "confirm" }) {
  if (open) return Promise.resolve(false);
  const back = document.activeElement;
  return new Promise((resolve) => {
    const dialog = h("dialog", { class: "confirm", id, "aria-labelledby": `${id}-question`, "aria-describedby": detail ? `${id}-detail` : undefined });
    const finish = (answer) => {
      if (!open) return;
      open = null;
      dialog.close();
      dialog.remove();
      if (back?.isConnected) back.focus({ preventScroll: true });
      resolve(answer);
    };
    const cancel = h("button", { type: "button", id: `${id}-cancel`, onclick: () => finish(false) }, t("cancel"));
    const yes = h("button", { type: "button", class: "primary", id: `${id}-yes`, onclick: () => finish(true) }, confirm);
    // The words and buttons fill an inner box: a click on the dialog itself is the backdrop.
    dialog.append(
      h(
        "div",
        { class: "confirm-body" },
        h("p", { class: "question", id: `${id}-question` }, question),
        detail ? h("p", { class: "detail", id: `${id}-detail` }, detail) : null,
        h("p", { class: "confirm-buttons" }, cancel, yes),
      ),
    );
    // Escape (the dialog's own cancel) and a click on the backdrop say no.
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      finish(false);
    });
    dialog.addEventListener("click", (event) => event.target === dialog && finish(false));
    // Keys inside the dialog are not the table's (Enter plays a card, letters type one).
    dialog.addEventListener("keydown", (event) => event.stopPropagation());
    document.body.append(dialog);
    open = dialog;
    dialog.showModal();
    // Cancel first: Enter on a question that cannot be taken back does nothing harmful.
    cancel.focus();
  });
}
