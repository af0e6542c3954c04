// Package ci holds the tests of copycat's roads into CI that live outside
// Go packages: the GitHub Action (action.yml), the pre-commit hook
// (.pre-commit-hooks.yaml) and the reviewdog recipes of docs/ci.md. Each
// test runs the real thing as far as a machine without GitHub allows: the
// action's shell steps as GitHub's runner would run them, the hook with
// the real pre-commit, reviewdog's errorformat on copycat's output.
package ci
