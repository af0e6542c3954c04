package cli

import (
	"flag"

	"github.com/copycat-go/copycat/cache"
	"github.com/copycat-go/copycat/load"
)

// cacheOff is the -cache value that disables the index.
const cacheOff = "off"

func (c *Config) cacheFlag(fs *flag.FlagSet) {
	fs.StringVar(&c.Cache, "cache", "", "index `directory`, kept between runs (default: copycat in the user cache directory; off: none)")
}

// openIndex opens the index that -cache names and sets it as opts' store.
// It returns a function that commits the index, to call once the files are
// loaded, and adds the index's warnings to res. Without an index, or when
// it cannot be opened, loading goes on without one.
func (c *Config) openIndex(opts *load.Options) (commit func(res *load.Result)) {
	none := func(*load.Result) {}
	if c.Cache == cacheOff {
		return none
	}
	dir := c.Cache
	if dir == "" {
		d, err := cache.DefaultDir()
		if err != nil {
			return none
		}
		dir = d
	}
	idx, err := cache.Open(dir, cache.Options{MinTokens: opts.MinTokens})
	if err != nil {
		return func(res *load.Result) { res.Warnings = append(res.Warnings, err) }
	}
	opts.Store = idx
	return func(res *load.Result) {
		idx.Commit()
		res.Warnings = append(res.Warnings, idx.Warnings()...)
	}
}
