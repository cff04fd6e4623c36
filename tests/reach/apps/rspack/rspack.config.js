// Rspack's quick-start setup: one entry, and the built-in HTML plugin for the page.
const { rspack } = require('@rspack/core');

module.exports = {
  entry: './src/index.js',
  plugins: [new rspack.HtmlRspackPlugin({ title: 'fairdeck reach: rspack' })],
};
