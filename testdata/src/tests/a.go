// Package tests holds copies in its test files, which are read like any
// other file.
package tests

func Double(x int) int { return 2 * x }
