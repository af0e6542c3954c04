// Package pipeline is copycat's clone detection as an Apache Beam
// pipeline: the same engine (package fingerprint) and the same JSON and
// SARIF reports (package report) as the copycat command, over inputs larger
// than one machine.
//
// The stages, each with its input and output:
//
//  1. files (files.go): directories, modules (path@version, from the
//     module cache or the module proxy: proxy.go) and git repositories
//     (URL#rev, fetched by git) → the Go files copycat selects in them (load.Resolve), grouped by
//     path, then by the file's identity on the machine that listed it
//     (two names of one file are one file) → each file's index record (fingerprint.AppendRecord of
//     load.Source's File), keyed by its name in the report (a module's or
//     a repository's files under the argument), and
//     the corpus's totals (files, lines, tokens, windows) by a CombineFn.
//  2. sketch (sketch.go): records → one window sketch per bundle, sized
//     for the corpus's windows (a side input) → merged by a CombineFn:
//     the Bloom filters by OR, the Count-Min sketch by element-wise SUM.
//     The merged sketch is the one a run over the whole corpus builds.
//  3. units (units.go): each file's candidate keys (window fingerprints
//     the sketch says are repeated, and not more than -max-occurrences
//     times) shuffled by key → the files that share each; each near-miss
//     unit's near keys shuffled by key → the pairs of units the engine
//     compares, with the keys they share and each unit's count of counted
//     keys (the engine's near-miss candidate stage, as shuffles) → the
//     files of each candidate pair; then connected components of the
//     files so linked: the work units.
//  4. detect (detect.go): records joined with their unit and the near
//     keys the corpus counts → per unit, the engine's Run over the unit's
//     files, given the corpus's sketch and those keys
//     (fingerprint.Options.Corpus), and the classes categorised from the
//     files' Facts. A unit holds every file that shares a candidate with
//     one of its files, so the engine finds there exactly the classes a
//     run over the whole corpus finds among them.
//  5. report (report.go): the classes of all units, in the engine's order
//     (fingerprint.SortClasses), ranked and written with report.JSON: the
//     bytes `copycat -json` writes for the same files.
//
// A work unit is a connected component of files; see units.go for how
// large one grows and what bounds it.
package pipeline
