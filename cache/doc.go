// Package cache is copycat's index on disk: for every file it has seen, the
// record of what the engine derived from it (fingerprint.AppendRecord),
// keyed by the blake3 hash of the file's bytes, the record version and the
// options that shape the record. A run that finds a file's record skips
// parsing and indexing it.
//
// The records live in one bbolt database (a copy-on-write B+tree in a
// single file, DIR/index.db). A run opens it read-only while it loads
// files, so that any number of runs read at once, and then opens it for
// writing just long enough to commit, in one atomic transaction, the
// records of the files it processed fully. A run that is killed commits
// nothing; a run that cannot get the write lock in time leaves its
// records for a later run. A record or database that turns out corrupt is
// reported once, left out and rebuilt: the run goes on as if it were
// missing.
//
// Every record carries a last-used stamp; when the records outgrow the
// size limit, the least recently used are evicted at commit.
package cache
