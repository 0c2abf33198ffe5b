// SPDX-License-Identifier: MIT
// tabs.mjs - the modes of the page (playground, crowd, self-test) as an
// ARIA tab list: click or arrow keys switch, the URL's #fragment opens one.

export function setUpTabs(tablist) {
  const tabs = [...tablist.querySelectorAll('[role="tab"]')];
  const select = (tab, focus) => {
    for (const t of tabs) {
      const chosen = t === tab;
      t.setAttribute('aria-selected', String(chosen));
      t.tabIndex = chosen ? 0 : -1;
      document.getElementById(t.getAttribute('aria-controls')).hidden = !chosen;
    }
    if (focus) tab.focus();
    history.replaceState(null, '', `#${tab.dataset.mode}`);
  };
  tablist.addEventListener('click', (e) => {
    const tab = e.target.closest('[role="tab"]');
    if (tab) select(tab, false);
  });
  tablist.addEventListener('keydown', (e) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    if (!step) return;
    const at = tabs.indexOf(document.activeElement);
    select(tabs[(at + step + tabs.length) % tabs.length], true);
    e.preventDefault();
  });
  const fromUrl = tabs.find((t) => `#${t.dataset.mode}` === location.hash);
  if (fromUrl) select(fromUrl, false);
}
