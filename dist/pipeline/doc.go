// Package pipeline is copycat's clone detection as an Apache Beam
// pipeline: the same engine (package fingerprint) and the same JSON
// report (package report) as the copycat command, over inputs larger
// than one machine.
//
// The stages, each with its input and output:
//
//  1. files (files.go): directories → the Go files copycat selects in
//     them (load.Resolve), without duplicates → each file's index record
//     (fingerprint.AppendRecord of load.Source's File), keyed by name, and
//     the corpus's totals (files, lines, tokens, windows) by a CombineFn.
//  2. sketch (sketch.go): records → one window sketch per bundle, sized
//     for the corpus's windows (a side input) → merged by a CombineFn:
//     the Bloom filters by OR, the Count-Min sketch by element-wise SUM.
//     The merged sketch is the one a run over the whole corpus builds.
//  3. units (units.go): each file's candidate keys (window fingerprints
//     the sketch says are repeated, and not more than -max-occurrences
//     times) and near keys, shuffled by key → the files that share each
//     key → connected components of files: the work units. Near keys held
//     by more than fingerprint.NearKeyLimit units are the corpus's common
//     near keys, a side input of stage 4.
//  4. detect (detect.go): records joined with their unit → per unit, the
//     engine's Run over the unit's files, given the corpus's sketch and
//     common near keys (fingerprint.Options.Sketch, CommonNearKeys), and
//     the classes categorised from the files' Facts. A unit holds every
//     file that shares a candidate with one of its files, so the engine
//     finds there exactly the classes a run over the whole corpus finds
//     among them.
//  5. report (report.go): the classes of all units, in the engine's order
//     (fingerprint.SortClasses), ranked and written with report.JSON: the
//     bytes `copycat -json` writes for the same files.
//
// A work unit is a connected component of files; see units.go for how
// large one grows and what bounds it.
package pipeline
