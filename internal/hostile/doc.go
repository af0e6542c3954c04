// Package hostile holds copycat's hostile-input suite: trees and code that
// anyone can send in a pull request (FIFOs, links to devices, deep nesting,
// huge files, thousands of copies of one function), each run through the
// engine with a budget of memory and of counted work asserted, never a
// wall-clock time. The benchmark beside the tests reports their times.
package hostile
