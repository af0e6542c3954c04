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
//  2. sketch (sketch.go): the corpus's window sketch, never whole on a
//     worker: split, as a plan made from the corpus's windows says
//     (-sketch-shards), into fingerprint ranges (shards) and ranges of
//     Count-Min counters (parts). Records → each file's window
//     fingerprints shuffled by shard → per shard, its Bloom filters and
//     its windows' additions to the Count-Min counters, shuffled by part,
//     then the files of each fingerprint the filters call seen twice
//     (fingerprint → file), and questions for that fingerprint's
//     counters, by part → per part, its counters summed, and their
//     answers (fingerprint → counter). The answers are those of the
//     sketch a run over the whole corpus builds
//     (fingerprint/sketchsplit.go).
//  3. units (units.go): the files of each fingerprint seen twice, joined
//     with its counters → the candidate keys (seen twice, and not more
//     than -max-occurrences times), the files that share each, and each
//     file's candidate keys (file → key); each near-miss
//     unit's near keys shuffled by key → the pairs of units the engine
//     compares, with the keys they share and each unit's count of counted
//     keys (the engine's near-miss candidate stage, as shuffles) → the
//     files of each candidate pair; with them, the places of each part
//     key in the units inside no other → the pairs of places, by their
//     files → the files whose places chain into a partial near-miss
//     candidate (fingerprint.PartLinked); then connected components of the
//     files so linked: the work units. The files of each fingerprint
//     over the limit (from the sketch's shards and the join) → with the
//     records, the lines held back as boilerplate (boilerplate.go).
//  4. detect (detect.go): records joined with their unit, their candidate
//     keys and the near keys the corpus counts (and its part keys) → per unit, the engine's
//     Run over the unit's files, given the sketch's answers for them
//     (their candidate keys, fingerprint.CandidateWindows) and those near
//     keys (fingerprint.Options.Corpus), and the classes categorised from
//     the files' Facts. A unit holds every file that shares a candidate
//     with one of its files, so the engine finds there exactly the
//     classes a run over the whole corpus finds among them.
//  5. report (report.go): the classes of all units, in the engine's order
//     (fingerprint.SortClasses), ranked and written with report.JSON, with
//     the lines held back as boilerplate: the bytes `copycat -json` writes
//     for the same files.
//
// A work unit is a connected component of files; see units.go for how
// large one grows and what bounds it.
package pipeline
