// Package fingerprint is copycat's clone-detection engine.
//
// It knows nothing of flags, files on disk or printing: callers hand it
// parsed Go files and get clone classes back.
//
// The flow, for each file (in parallel, see [Index]):
//
//   - the source is scanned into canonical tokens: comments, layout,
//     semicolons and trailing commas are dropped; identifiers become ID and
//     literals their class (INT, STRING, …), while a 64-bit hash of each
//     name or value is kept beside them for the exact and renamed checks;
//   - every statement and function declaration becomes a unit with its
//     token span; statement lists become blocks;
//   - every block yields windows: for each start statement, the shortest
//     run of whole statements whose token count reaches MinTokens; every
//     function declaration is a window of its own.
//
// Then, over all files ([Detect]):
//
//   - a Bloom-filter pass keeps only window fingerprints seen at least
//     twice, and a Count-Min sketch counts them, so that fingerprints seen
//     more than MaxOccurrences times (boilerplate) are left out; both are
//     built per worker and merged (Bloom by OR, Count-Min by SUM);
//   - candidates sharing a fingerprint are confirmed by a blake3 hash of
//     their canonical token bytes (a long window's taken through the
//     longest candidate it holds, see confirm.go), so a collision never
//     becomes a report;
//   - confirmed pairs grow statement by statement into maximal clones
//     while their names stay a consistent renaming (a bijection);
//   - pairs nested inside larger pairs are dropped, and the rest are joined
//     into N-way clone classes labelled exact or renamed;
//   - optionally, whole functions and blocks that differ by a few edits are
//     found as near-miss clones (see near.go).
package fingerprint
