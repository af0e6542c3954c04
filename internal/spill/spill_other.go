//go:build !linux

package spill

func newMapper(string) (mapper, error) {
	return nil, ErrUnsupported
}
