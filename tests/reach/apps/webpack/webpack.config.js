// webpack's getting-started setup: one entry, and html-webpack-plugin for the page.
const HtmlWebpackPlugin = require('html-webpack-plugin');

module.exports = {
  entry: './src/index.js',
  plugins: [new HtmlWebpackPlugin({ title: 'fairdeck reach: webpack' })],
};
