// The lint gate of the web page's scripts and their tests (.ci/run): ESLint's recommended
// rules for browser ES modules, and a size rule, so that a function stays small enough to read.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["nonogen/service/static/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
  },
  {
    files: ["tests/js/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
  {
    rules: {
      "max-lines-per-function": ["error", { max: 60, skipBlankLines: true, skipComments: true }],
      "no-unused-vars": ["error", { args: "after-used" }],
      eqeqeq: "error",
      "prefer-const": "error",
    },
  },
];
