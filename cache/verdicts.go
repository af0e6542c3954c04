package cache

import (
	"fmt"

	"github.com/copycat-go/copycat/fingerprint"
)

// Beside a result, the index keeps the verdicts of its run's near-miss
// verification (see fingerprint.Verdicts), keyed by the engine, the
// similarity threshold and the names of the files, not their contents: a
// run over the same files with some of them changed finds no result but
// the last run's verdicts, and aligns only the candidates they lack —
// those with a unit in a changed file. They are stored with the result
// and evicted as it is.

// VerdictsKey names the verdicts of detection over files of these names
// with opt's threshold; not ok when the running program cannot be read.
func (x *Index) VerdictsKey(files []*fingerprint.File, opt fingerprint.Options) ([32]byte, bool) {
	head := fmt.Sprintf("copycat verdicts %d %d\n%t %v\n", resultVersion, keyVersion, opt.Near, opt.Similarity)
	return x.runKey(head, files, false)
}

// Verdicts returns those stored under key, or none (not nil) if the
// index holds none that check out.
func (x *Index) Verdicts(key [32]byte) *fingerprint.Verdicts {
	var vs *fingerprint.Verdicts
	found := x.get(recordsBucket, key[:], true, func(v []byte) error {
		body, err := unseal(key, v)
		if err == nil {
			vs, err = fingerprint.DecodeVerdicts(body)
		}
		return err
	})
	if !found {
		return new(fingerprint.Verdicts)
	}
	return vs
}

// encodeVerdicts seals the verdicts' encoding.
func encodeVerdicts(key [32]byte, vs *fingerprint.Verdicts) []byte {
	return seal(fingerprint.AppendVerdicts(sealed(key), vs))
}
