// Package analyzer defines copycat's analysis.Analyzer, which finds
// duplicated code inside one package, for go vet, nogo and any other
// go/analysis driver.
//
// # Analyzer copycat
//
// report duplicated code (clones) inside a package
//
// copycat finds fragments of code (whole function declarations, or runs
// of consecutive statements of one block) that are copies of each other:
// exact copies, copies whose names were consistently renamed, and copies
// edited after the paste (near misses; -near=false leaves them out). Each
// copy is reported once, with
// the other copies of the same clone class as related positions (at most
// 10, the copies after it, as in the command line's SARIF), and the
// kind of the clone (exact, renamed or near) as the diagnostic's category.
// The message names the other copy by its path from the module's root, as
// the command line run there does:
//
//	pkg/a.go:12:1: duplicate of pkg/b.go:40-62 (renamed, 84 tokens, 2 copies)
//
// The analyzer looks at one package at a time: copies that live in two
// different packages are found by the copycat command, which reads a whole
// module at once (copycat ./...).
//
// It uses the same engine, flags and suppression rules as the command:
// -min-tokens, -min-lines, -max-occurrences, -near, -similarity, -tests and
// -generated; generated files are skipped; .duplignore files from the
// module root down to the package's directory apply; and a
// //copycat:ignore reason (or //nolint:dupl, //lint:ignore copycat reason)
// comment on the line before a declaration or statement leaves that node
// out, and //lint:file-ignore copycat reason the whole file. A //copycat: directive
// that is malformed, for example one without a reason, is reported.
//
// The analyzer needs only syntax: it runs despite type errors, where the
// driver allows it.
package analyzer
