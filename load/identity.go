package load

import (
	"fmt"
	"io/fs"
)

// Identity names the file info describes as the system knows it (its
// device and inode on Unix), so that two names of one file (hard links,
// a bind mount) give one Identity: copycat reads such a file once, under
// the first of its names. ok is false where the system gives no
// identity.
func Identity(info fs.FileInfo) (id string, ok bool) {
	f, ok := identityOf(info)
	if !ok {
		return "", false
	}
	return fmt.Sprintf("%d:%d", f.dev, f.ino), true
}
