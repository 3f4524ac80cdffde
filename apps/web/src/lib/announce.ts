/**
 * Messages told to screen readers through one pair of live regions (polite and assertive) that
 * React Aria's announcer keeps in the document. A region that appears already filled is not read
 * by every screen reader (VoiceOver says nothing for it), so a message is written into regions
 * that were there before it.
 */
import { announce } from "@react-aria/live-announcer";
import { useCallback, useRef } from "react";

export type Politeness = "polite" | "assertive";

/** Puts the live regions in the document before any message, so the first one is read too. */
export function prepareAnnouncer(): void {
  announce("", "polite");
}

/**
 * A ref for an element whose text is announced when it appears and each time it changes (a
 * child's own update included); the same text again says nothing until the element goes. The
 * element itself carries no live role, or readers would say it twice. A callback ref, so an element
 * rendered only now and then (`{error && <p ref={told}>...`) is followed whenever it is there.
 *
 * A reader says what keyboard focus lands on: words that are on screen when focus comes to the
 * nearest focusable element around them count as said, and are not announced again. `held` keeps
 * the words back while focus may yet come to them (a decision's notice, until the page has placed
 * focus): once it is let go, what focus did not say is announced.
 */
export function useAnnouncedText(
  politeness: Politeness,
  held = false,
): (node: HTMLElement | null) => () => void {
  // Per element, so that one shown again says its words again; React attaching the same element
  // twice (StrictMode, while developing) does not.
  const said = useRef<{ node: HTMLElement | null; key: string }>({ node: null, key: "" });
  return useCallback(
    (node: HTMLElement | null) => {
      if (!node) return () => {};
      if (said.current.node !== node) said.current = { node, key: "" };
      const keyOf = () => {
        const text = spokenText(node);
        return { text, key: text && `${politeness}:${text}` };
      };
      const tell = () => {
        if (held) return;
        const { text, key } = keyOf();
        if (key === said.current.key) return;
        said.current.key = key;
        if (text) announce(text, politeness);
      };
      const heard = (event: FocusEvent) => {
        if (event.target === node.closest("[tabindex]")) said.current.key = keyOf().key;
      };
      // Marked, so that a message around this one leaves it to speak for itself.
      node.setAttribute("data-announced", "");
      tell();
      const observer = new MutationObserver(tell);
      observer.observe(node, { childList: true, subtree: true, characterData: true });
      document.addEventListener("focusin", heard);
      return () => {
        observer.disconnect();
        document.removeEventListener("focusin", heard);
      };
    },
    [politeness, held],
  );
}

const BLOCKS = new Set([
  "P",
  "DIV",
  "LI",
  "UL",
  "OL",
  "BR",
  "BLOCKQUOTE",
  "SECTION",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "DT",
  "DD",
  "TR",
  "TD",
  "TH",
]);

/** Controls are not part of a message, whose words should not change with a button's label. */
const CONTROLS = new Set(["BUTTON", "INPUT", "SELECT", "TEXTAREA"]);

/**
 * The words of `node` as a message: hidden parts, controls and messages announced on their own
 * (`useAnnouncedText` inside it) left out; paragraphs and items apart.
 */
export function spokenText(node: Node): string {
  const parts: string[] = [];
  const walk = (n: Node) => {
    if (n.nodeType === Node.TEXT_NODE) parts.push(n.textContent ?? "");
    if (!(n instanceof Element) || n.getAttribute("aria-hidden") === "true" || n.hasAttribute("hidden"))
      return;
    if (CONTROLS.has(n.tagName) || (n !== node && n.hasAttribute("data-announced"))) return;
    const apart = BLOCKS.has(n.tagName) ? " " : "";
    parts.push(apart);
    for (const child of n.childNodes) walk(child);
    parts.push(apart);
  };
  walk(node);
  return parts.join("").replace(/\s+/g, " ").trim();
}
