package cache

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"

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
		if len(v) < keyCheck+4 || !bytes.Equal(v[:keyCheck], key[:keyCheck]) ||
			crc32.Checksum(v[keyCheck+4:], castagnoli) != binary.LittleEndian.Uint32(v[keyCheck:]) {
			return errCorrupt
		}
		var err error
		vs, err = fingerprint.DecodeVerdicts(v[keyCheck+4:])
		return err
	})
	if !found {
		return new(fingerprint.Verdicts)
	}
	return vs
}

// value layout: the key's first keyCheck bytes, the CRC-32C of the rest,
// then the verdicts' encoding.
func encodeVerdicts(key [32]byte, vs *fingerprint.Verdicts) []byte {
	b := append(key[:keyCheck:keyCheck], make([]byte, 4)...)
	b = fingerprint.AppendVerdicts(b, vs)
	binary.LittleEndian.PutUint32(b[keyCheck:], crc32.Checksum(b[keyCheck+4:], castagnoli))
	return b
}
