package load

import "github.com/copycat-go/copycat/fingerprint"

// A Store keeps what indexing derives from a file's bytes between runs
// (package cache is the one on disk). File returns the file indexed from
// src: from its record, or by calling index. It is called from several
// goroutines.
type Store interface {
	File(name string, src []byte, index func() (*fingerprint.File, []error)) (*fingerprint.File, []error)
}

// source indexes one file's bytes, through the store if there is one.
func (opt *Options) source(ix *fingerprint.Indexer, path string, src []byte) (*fingerprint.File, []error) {
	if opt.Store == nil {
		return Source(ix, path, src, opt.MinTokens)
	}
	return opt.Store.File(path, src, func() (*fingerprint.File, []error) {
		return Source(ix, path, src, opt.MinTokens)
	})
}
