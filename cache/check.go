package cache

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"
	"sync/atomic"

	bolt "go.etcd.io/bbolt"
)

// bbolt trusts the pages of its file: a branch page that names itself,
// or an ancestor, as a child sends a lookup down for ever, in a
// recursion that ends in a stack overflow, which no recover catches
// (bbolt's own Tx.Check recurses alike), or a cursor into a loop that
// grows its stack until memory runs out. A file damaged so, or made so
// (an index restored from a CI cache is whoever wrote the cache's), ended
// every run with "fatal error: stack overflow". checkTrees walks the
// trees of the file's buckets before anything reads them: each page once,
// in the file, a branch or a leaf page where one is expected, no deeper
// than any index could be. It reads each page's header, each branch
// page and the root's leaves, where the buckets are. A bucket inside one
// of copycat's, which copycat never writes, is walked only by what walks
// a bucket whole, deleting it or counting its keys: checkBucket walks it
// first (lookups and cursors pass such a bucket over).

// bbolt's page layout (go.etcd.io/bbolt/internal/common): a header of
// id (8 bytes), flags (2), count (2) and overflow (4), then count
// elements of 16 bytes; a branch element's child is at its offset 8, a
// leaf element is flags, pos, ksize and vsize (4 bytes each), its key
// pos bytes after its own start and its value after the key. A bucket's
// value starts with its root page (8 bytes; 0 for an inline bucket,
// whose page follows the 16 bytes of the bucket's header).
const (
	pageHeader   = 16
	elementSize  = 16
	branchFlag   = 0x01
	leafFlag     = 0x02
	bucketFlag   = 0x01
	bucketHeader = 16
	// maxDepth is deeper than any tree of an index: a branch page holds
	// at least two children, so 64 levels would take 2^64 leaves.
	maxDepth = 64
)

// A treeChecker walks the pages of one transaction's file.
type treeChecker struct {
	f        io.ReaderAt
	pageSize int64
	hwm      uint64 // the pages in use: ids 0 to hwm-1
	seen     map[uint64]bool
	buf      []byte
	// nested says to read the leaves of the buckets found in leaves.
	nested bool
}

// checkTrees reports whether the trees of tx's buckets are sound (see
// above); an error names the page that is not. A file this process
// found sound, or left so by a commit of its own, and that no one has
// written since (the same status and transaction) is not walked again:
// the walk reads every page of the file, and a run opens, commits and
// saves its result in three transactions, copycat history in three a
// commit, over an index that grows by each commit's result, so that 200
// commits over an index of 220 MB took 8.0 s against 2.8 s over an empty
// one, 55% of it walking pages.
func checkTrees(tx *bolt.Tx) error {
	st, known := fileStateOf(tx)
	if known && checked.sound(tx.DB().Path(), st) {
		return nil
	}
	_, err := walkTrees(tx, uint64(tx.Cursor().Bucket().RootPage()), false)
	if err == nil && known {
		checked.mark(tx.DB().Path(), st)
	}
	return err
}

// A fileState is what tells an index file's state from another: its
// status (size, times, inode, device; none where the system does not
// give it) and the transaction it holds.
type fileState struct {
	st   status
	txid int
}

// fileStateOf is the state of tx's file: the transaction tx began on
// (a writable one's ID is that one's next).
func fileStateOf(tx *bolt.Tx) (fileState, bool) {
	info, err := os.Stat(tx.DB().Path())
	if err != nil {
		return fileState{}, false
	}
	st, ok := statusOf(info)
	txid := tx.ID()
	if tx.Writable() {
		txid--
	}
	return fileState{st, txid}, ok
}

// checked holds, by path, the state in which this process last found an
// index file sound or committed to it. Another process's commit changes
// the transaction, and any write the file's status.
var checked = soundFiles{state: map[string]fileState{}}

type soundFiles struct {
	mu    sync.Mutex
	state map[string]fileState
}

func (s *soundFiles) sound(path string, st fileState) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	old, ok := s.state[path]
	return ok && old == st
}

func (s *soundFiles) mark(path string, st fileState) {
	s.mu.Lock()
	s.state[path] = st
	s.mu.Unlock()
}

// markCommitted records db's file as sound after a commit of this
// process to it, which began on a sound state and was made by bbolt:
// call it before db is closed, while this process holds its lock.
func markCommitted(db *bolt.DB) {
	db.View(func(tx *bolt.Tx) error {
		if st, ok := fileStateOf(tx); ok {
			checked.mark(db.Path(), st)
		}
		return nil
	})
}

// checkBucket is checkTrees of the bucket name of tx and of every bucket
// inside it, which deleting it or its Stats walk: its leaves are read.
func checkBucket(tx *bolt.Tx, name []byte) error {
	b := tx.Bucket(name)
	if b == nil || b.RootPage() == 0 {
		return nil // none, or inline: checkTrees read its page
	}
	_, err := walkTrees(tx, uint64(b.RootPage()), true)
	return err
}

// walkTrees walks the tree whose root is page root, reading its leaves
// for the buckets they hold, and those buckets' trees, reading their
// leaves only if nested is set; it returns the pages it walked.
func walkTrees(tx *bolt.Tx, root uint64, nested bool) (int, error) {
	f, err := os.Open(tx.DB().Path())
	if err != nil {
		return 0, err
	}
	defer f.Close()
	// What the file holds of the pages bbolt names.
	size, err := f.Seek(0, io.SeekEnd)
	ps := int64(tx.DB().Info().PageSize)
	hwm := uint64(min(tx.Size(), size) / ps)
	if err != nil {
		return 0, err
	}
	c := &treeChecker{f: f, pageSize: ps, hwm: hwm, seen: map[uint64]bool{}, nested: nested}
	err = c.tree(root, 0, true)
	pagesWalked.Add(int64(len(c.seen)))
	return len(c.seen), err
}

// pagesWalked counts the pages walkTrees walked, for tests.
var pagesWalked atomic.Int64

// A pageRef is a page to look at, at depth levels below its tree's root.
type pageRef struct {
	id    uint64
	depth int
}

// tree walks the tree whose root is page root, a bucket nested in
// nesting others; with buckets, it reads every leaf for the buckets it
// holds, and walks theirs (reading their leaves if c.nested).
func (c *treeChecker) tree(root uint64, nesting int, buckets bool) error {
	if nesting > maxDepth {
		return fmt.Errorf("buckets nested more than %d deep", maxDepth)
	}
	stack := []pageRef{{root, 0}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch {
		case p.id < 2 || p.id >= c.hwm:
			return fmt.Errorf("page %d: out of the file's %d pages", p.id, c.hwm)
		case c.seen[p.id]:
			return fmt.Errorf("page %d: in a tree twice", p.id)
		case p.depth > maxDepth:
			return fmt.Errorf("page %d: more than %d levels deep", p.id, maxDepth)
		}
		c.seen[p.id] = true
		hdr, err := c.read(p.id, pageHeader)
		if err != nil {
			return err
		}
		flags, count, overflow := binary.LittleEndian.Uint16(hdr[8:]), int(binary.LittleEndian.Uint16(hdr[10:])), uint64(binary.LittleEndian.Uint32(hdr[12:]))
		if id := binary.LittleEndian.Uint64(hdr); id != p.id || p.id+overflow >= c.hwm {
			return fmt.Errorf("page %d: its header says page %d of %d pages", p.id, id, overflow+1)
		}
		for i := uint64(1); i <= overflow; i++ {
			c.seen[p.id+i] = true // no tree may name a page inside another
		}
		switch {
		case flags&branchFlag != 0 && flags&leafFlag == 0:
			page, err := c.elements(p.id, count, overflow)
			if err != nil {
				return err
			}
			for i := range count {
				stack = append(stack, pageRef{binary.LittleEndian.Uint64(page[pageHeader+i*elementSize+8:]), p.depth + 1})
			}
		case flags&leafFlag != 0 && flags&branchFlag == 0:
			if !buckets {
				continue
			}
			page, err := c.elements(p.id, count, overflow)
			if err != nil {
				return err
			}
			// Its own copy: walking a bucket's tree reads into c.buf.
			if err := c.leafBuckets(p.id, slices.Clone(page), count, nesting); err != nil {
				return err
			}
		default:
			return fmt.Errorf("page %d: neither a branch nor a leaf page (flags %#x)", p.id, flags)
		}
	}
	return nil
}

// elements reads page id whole (its overflow pages too) and checks that
// its count elements fit in it.
func (c *treeChecker) elements(id uint64, count int, overflow uint64) ([]byte, error) {
	page, err := c.read(id, int64(overflow+1)*c.pageSize)
	if err != nil {
		return nil, err
	}
	if pageHeader+count*elementSize > len(page) {
		return nil, fmt.Errorf("page %d: %d elements do not fit in it", id, count)
	}
	return page, nil
}

// leafBuckets walks the buckets of the count elements of page, leaf page
// id or an inline bucket's page in it: the elements of an inline bucket,
// and the trees of the others.
func (c *treeChecker) leafBuckets(id uint64, page []byte, count, nesting int) error {
	for i := range count {
		e := pageHeader + i*elementSize
		if binary.LittleEndian.Uint32(page[e:])&bucketFlag == 0 {
			continue
		}
		pos, ksize, vsize := binary.LittleEndian.Uint32(page[e+4:]), binary.LittleEndian.Uint32(page[e+8:]), binary.LittleEndian.Uint32(page[e+12:])
		start := uint64(e) + uint64(pos) + uint64(ksize)
		if end := start + uint64(vsize); vsize < bucketHeader || end > uint64(len(page)) {
			return fmt.Errorf("page %d: element %d: a bucket's value out of the page", id, i)
		}
		value := page[start : start+uint64(vsize)]
		if root := binary.LittleEndian.Uint64(value); root != 0 {
			if err := c.tree(root, nesting+1, c.nested); err != nil {
				return err
			}
			continue
		}
		inline := value[bucketHeader:]
		if len(inline) < pageHeader {
			return fmt.Errorf("page %d: element %d: an inline bucket of %d bytes", id, i, len(inline))
		}
		n := int(binary.LittleEndian.Uint16(inline[10:]))
		if flags := binary.LittleEndian.Uint16(inline[8:]); flags&leafFlag == 0 || pageHeader+n*elementSize > len(inline) {
			return fmt.Errorf("page %d: element %d: an inline bucket that is no leaf of its elements", id, i)
		}
		if nesting+1 > maxDepth {
			return fmt.Errorf("buckets nested more than %d deep", maxDepth)
		}
		if err := c.leafBuckets(id, inline, n, nesting+1); err != nil {
			return err
		}
	}
	return nil
}

// read reads n bytes of the file from the start of page id.
func (c *treeChecker) read(id uint64, n int64) ([]byte, error) {
	if int64(cap(c.buf)) < n {
		c.buf = make([]byte, n)
	}
	buf := c.buf[:n]
	if _, err := c.f.ReadAt(buf, int64(id)*c.pageSize); err != nil {
		return nil, fmt.Errorf("page %d: %w", id, err)
	}
	return buf, nil
}
