// Which renderer draws which game.

const RENDERERS = {
  gremlins: () => import("./gremlins.js"),
  gutenberg: () => import("./gutenberg.js"),
  letter: () => import("./letter.js"),
  themes: () => import("./themes.js"),
};

/** The module of a game's renderer: {createRenderer(root, {readOnly}), seatDetails(vue, seat)}. */
export async function rendererModule(game) {
  const load = RENDERERS[game] || (() => import("./generic.js"));
  return load();
}
