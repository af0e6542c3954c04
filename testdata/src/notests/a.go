// Package notests holds copies in its test files only; with -tests=false
// nothing is reported.
package notests

func Double(x int) int { return 2 * x }
