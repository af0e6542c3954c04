package fingerprint

import (
	"fmt"
	"go/build"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/copycat-go/copycat/internal/hostile"
)

// authorize is the shape of Kubernetes' admission-policy binding
// authorizers, whose mutating and validating copies drifted: one passes
// its last error's arguments in the other order and returns the
// authorizer's error without wrapping it.
const authorize = `package p

func (v *strategy) authorize(ctx context.Context, binding *Binding) error {
	if v.authorizer == nil || binding.Spec.ParamRef == nil {
		return nil
	}
	user, ok := request.UserFrom(ctx)
	if !ok {
		return fmt.Errorf("cannot identify user to authorize read access to paramRef object")
	}
	apiGroup, resource := v.resourceOf(binding)
	verb := "get"
	attrs := authorizer.AttributesRecord{User: user, Verb: verb, ResourceRequest: true,
		Name: binding.Spec.ParamRef.Name, Namespace: binding.Spec.ParamRef.Namespace,
		APIGroup: apiGroup, Resource: resource}
	d, _, err := v.authorizer.Authorize(ctx, attrs)
	if err != nil {
		return fmt.Errorf("failed to authorize request: %w", err)
	}
	if d != authorizer.DecisionAllow {
		return fmt.Errorf("user %v does not have %v permission on the object referenced by paramRef", user, verb)
	}
	return nil
}
`

// authorizeAll is authorize with more messages that pass user and verb,
// as Kubernetes' admission bindings do: its copy that ends with verb,
// user swapped them, not its twin (issue #24's example).
const authorizeAll = `package p

func (v *strategy) authorize(ctx context.Context, binding *Binding) error {
	user, ok := request.UserFrom(ctx)
	if !ok {
		return fmt.Errorf("cannot identify user to authorize read access to paramRef object")
	}
	verb := "get"
	policy, err := v.policyGetter.GetPolicy(ctx, binding.Spec.PolicyName)
	if err != nil {
		return fmt.Errorf("unable to get policy %s and user %v does not have %q permission for all resources", binding.Spec.PolicyName, user, verb)
	}
	gv, err := schema.ParseGroupVersion(policy.Spec.ParamKind.APIVersion)
	if err != nil {
		return fmt.Errorf("unable to parse paramKind %v and user %v does not have %q permission for all resources", policy.Spec.ParamKind, user, verb)
	}
	attrs := authorizer.AttributesRecord{User: user, Verb: verb, ResourceRequest: true, APIGroup: gv.Group}
	d, _, err := v.authorizer.Authorize(ctx, attrs)
	if err != nil {
		return fmt.Errorf("failed to authorize request: %w", err)
	}
	if d != authorizer.DecisionAllow {
		return fmt.Errorf("user %v does not have %q permission on the object referenced by paramRef", user, verb)
	}
	return nil
}
`

// wildCase is the shape of gogrep's wildcardCase of a switch, whose
// select copy tests the clause's communication instead of the lengths
// and indexes the body all the same (filed blind as a bug in reading
// 86).
const wildCase = `package p

func (c *compiler) switchCase(cc *ast.CaseClause) *ast.Ident {
	if len(cc.List) != 1 || len(cc.Body) != 1 {
		return nil
	}
	v, ok := cc.List[0].(*ast.Ident)
	if !ok || !isWildName(v.Name) {
		return nil
	}
	stmt, ok := cc.Body[0].(*ast.ExprStmt)
	if !ok {
		return nil
	}
	id, ok := stmt.X.(*ast.Ident)
	if !ok || id.Name != "gogrep_body" {
		return nil
	}
	return v
}
`

// setPointer is the shape of mitchellh/pointerstructure's Set, of
// which Delete is a copy that formats with %s the error Set wraps with
// %w (filed blind as a bug in reading 87).
const setPointer = `package p

func (p *Pointer) Set(doc, v any) (any, error) {
	if len(p.Parts) == 0 {
		return v, nil
	}
	parent, err := p.Parent().Get(doc)
	if err != nil {
		return nil, fmt.Errorf("set %s: %w", p, err)
	}
	val := reflect.ValueOf(parent)
	for val.Kind() == reflect.Interface || val.Kind() == reflect.Pointer {
		val = val.Elem()
	}
	apply, ok := p.funcs()[val.Kind()]
	if !ok {
		return nil, fmt.Errorf("set %s: %w: %s", p, ErrInvalidKind, val.Kind())
	}
	result, err := apply(doc, val)
	if err != nil {
		return nil, fmt.Errorf("set %s: %w", p, err)
	}
	return result, nil
}
`

// lookupSetting is the shape of xray-core's GetRuntimeEnv, pasted three
// times, of which one tests the length of a line's split before it reads
// the value after "=" (filed blind as a bug in reading 78).
const lookupSetting = `package p

func lookupSetting(path, key string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	var value string
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSuffix(line, "\r")
		pair := strings.Split(line, "=")
		if len(pair) == 2 && strings.TrimSpace(pair[0]) == key {
			value = strings.TrimSpace(pair[1])
		}
	}
	return value, nil
}
`

// rangeFactory is the shape of mimir's PredictLinearFactory, whose copy
// QuantileOverTimeFactory asserts args[0] and reports args[1] in its
// error (filed blind as a bug in reading 78).
const rangeFactory = `package p

func predictFactory(args []Operator, pos Range) (Operator, error) {
	if len(args) != 2 {
		return nil, fmt.Errorf("expected exactly 2 arguments for predict_linear, got %v", len(args))
	}
	inner, ok := args[0].(RangeOperator)
	if !ok {
		return nil, fmt.Errorf("expected first argument for predict_linear to be a range vector, got %T", args[0])
	}
	arg, ok := args[1].(ScalarOperator)
	if !ok {
		return nil, fmt.Errorf("expected second argument for predict_linear to be a scalar, got %T", args[1])
	}
	return newOverRange(inner, []ScalarOperator{arg}, predictLinear, pos), nil
}
`

// keepAlive is the shape of xray-core's socket options for linux, whose
// darwin copies test TcpKeepAliveIdle and set TcpKeepAliveInterval
// (filed blind as a bug in reading 79).
const keepAlive = `package p

func applyKeepAlive(fd int, config *SocketConfig) error {
	if config.TcpKeepAliveInterval > 0 || config.TcpKeepAliveIdle > 0 {
		if config.TcpKeepAliveInterval > 0 {
			if err := setInt(fd, tcpLevel, keepIntvl, int(config.TcpKeepAliveInterval)); err != nil {
				return errors.New("failed to set TCP_KEEPINTVL", err)
			}
		}
		if config.TcpKeepAliveIdle > 0 {
			if err := setInt(fd, tcpLevel, keepIdle, int(config.TcpKeepAliveIdle)); err != nil {
				return errors.New("failed to set TCP_KEEPIDLE", err)
			}
		}
		if err := setInt(fd, socketLevel, keepAliveOn, 1); err != nil {
			return errors.New("failed to set SO_KEEPALIVE", err)
		}
	}
	return nil
}
`

// extServers is the shape of docker's addEpToResolver, whose copy
// deleteEpFromResolver reports hnsEp.IPv6Address in the error of the if
// that tests hnsEp.IPAddress.
const extServers = `package p

func (n *Network) addExtServers(ep *Endpoint, r *Resolver, servers []string) error {
	if src, ok := netip.AddrFromSlice(ep.IPAddress); ok {
		if err := r.SetExtServersForSrc(src.Unmap(), servers); err != nil {
			return errors.Wrapf(err, "failed to set external DNS servers for %s address %s", ep.Name, ep.IPAddress)
		}
	}
	if src, ok := netip.AddrFromSlice(ep.IPv6Address); ok {
		if err := r.SetExtServersForSrc(src, servers); err != nil {
			return errors.Wrapf(err, "failed to set external DNS servers for %s address %s", ep.Name, ep.IPv6Address)
		}
	}
	return nil
}
`

// lookupSid is the shape of go-winio's LookupSidByName, whose twin
// LookupNameBySid declares the same three sizes in another order.
const lookupSid = `package p

func lookupByName(name string) (string, error) {
	var sidSize, sidNameUse, refDomainSize uint32
	err := lookupAccountName(nil, name, nil, &sidSize, nil, &refDomainSize, &sidNameUse)
	if err != nil && err != errInsufficientBuffer {
		return "", &LookupError{name, err}
	}
	sidBuffer := make([]byte, sidSize)
	refDomainBuffer := make([]uint16, refDomainSize)
	err = lookupAccountName(nil, name, &sidBuffer[0], &sidSize, &refDomainBuffer[0], &refDomainSize, &sidNameUse)
	if err != nil {
		return "", &LookupError{name, err}
	}
	return sidString(sidBuffer), nil
}
`

// walkIndex is the shape of cosmos-sdk's collections Multi.Walk, whose
// twin ReversePair.Walk names its type parameters K1, K2 and ranges over
// pairs of them in the other order.
const walkIndex = `package p

func (m *Multi[ReferenceKey, PrimaryKey, Value]) Walk(
	ctx context.Context,
	ranger Ranger[Pair[ReferenceKey, PrimaryKey]],
	walkFunc func(indexingKey ReferenceKey, indexedKey PrimaryKey) (stop bool, err error),
) error {
	return m.refKeys.Walk(ctx, ranger, func(key Pair[ReferenceKey, PrimaryKey]) (bool, error) {
		return walkFunc(key.K1(), key.K2())
	})
}
`

// keepKeys is a generic function whose copy declares its type
// parameters in the other order.
const keepKeys = `package p

func keepKeys[K, V comparable](m map[K]V, keep func(K, V) bool) []K {
	out := make([]K, 0, len(m))
	for k, v := range m {
		if keep(k, v) {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}
`

// writeN is the shape of btcd's gcs Filter.NBytes, whose copy NPBytes
// writes P after N, with its check.
const writeN = `package p

func (f *Filter) NBytes() ([]byte, error) {
	var buffer bytes.Buffer
	buffer.Grow(varIntSize(uint64(f.n)) + len(f.data))
	err := writeVarInt(&buffer, protoVer, uint64(f.n))
	if err != nil {
		return nil, err
	}
	_, err = buffer.Write(f.data)
	if err != nil {
		return nil, err
	}
	return buffer.Bytes(), nil
}
`

// syncPrefixes is the shape of kube-router's service VIP sets, whose copy
// for iBGP peers ranges over and sorts peers[family] and compares the
// whole map in reflect.DeepEqual (filed blind as a bug in reading 80).
const syncPrefixes = `package p

func (c *Controller) syncPrefixes(setName string, prefixes []string) error {
	current, err := c.definedSet(setName)
	if err != nil {
		return err
	}
	sort.Strings(prefixes)
	sort.Strings(current)
	if reflect.DeepEqual(prefixes, current) {
		return nil
	}
	var toAdd []string
	for _, p := range prefixes {
		if !slices.Contains(current, p) {
			toAdd = append(toAdd, p)
		}
	}
	return c.add(setName, toAdd)
}
`

// authData is the shape of grpc's getTrAuthData, whose copy
// getCallAuthData maps a credentials error that is not a status to
// codes.Internal where the original maps it to codes.Unauthenticated,
// with the same message (filed blind as a bug in reading 81).
const authData = `package p

func (t *client) authData(ctx context.Context, audience string) (map[string]string, error) {
	out := map[string]string{}
	for _, c := range t.creds {
		data, err := c.GetRequestMetadata(ctx, audience)
		if err != nil {
			if st, ok := status.FromError(err); ok {
				if restricted(st) {
					err = status.Errorf(codes.Internal, "received creds error with illegal status: %v", err)
				}
				return nil, err
			}
			return nil, status.Errorf(codes.Unauthenticated, "per-RPC creds failed due to error: %v", err)
		}
		for k, v := range data {
			k = strings.ToLower(k)
			if err := validatePair(k, v); err != nil {
				return nil, status.Error(codes.Internal, err.Error())
			}
			out[k] = v
		}
	}
	return out, nil
}
`

// walk is the shape of analysisutil's succs: a method that walks a
// graph, calling itself on each successor.
const walk = `package p

func (c *walker) succs(b *block) bool {
	if c.done == nil {
		c.done = map[*block]bool{}
	}
	if c.done[b] {
		return true
	}
	c.done[b] = true
	if len(b.next) == 0 {
		return false
	}
	for _, s := range b.next {
		if !c.calls(s.instrs) && !c.succs(s) {
			return false
		}
	}
	return true
}
`

// visitArray walks a nested value, a map with visitMap and a slice with
// itself (argo-workflows' VisitArray, read blind in reading 89).
const visitArray = `package p

func visitArray(as []any, visitor func(key string, value any) bool) bool {
	for i, a := range as {
		var cont bool
		switch reflect.TypeOf(a).Kind() {
		case reflect.Map:
			if m, ok := asMap(a); ok {
				cont = visitMap(m, visitor)
			} else {
				cont = visitor(strconv.Itoa(i), a)
			}
		case reflect.Slice:
			if s, ok := asSlice(a); ok {
				cont = visitArray(s, visitor)
			} else {
				cont = visitor(strconv.Itoa(i), a)
			}
		}
		if !cont {
			return false
		}
	}
	return true
}
`

// wrap is a writer's Write, which calls the Write of the writer it wraps.
const wrap = `package p

func (w *writer) Write(p []byte) (int, error) {
	if w.closed {
		return 0, errClosed
	}
	n, err := w.w.Write(p)
	w.n += n
	if err != nil {
		w.err = err
		return n, err
	}
	w.count++
	w.last = n
	return n, nil
}
`

// quotaFor is the shape of kubernetes's e2e quotas: a copy that sets one
// limit more, its statement of the same words as the next.
const quotaFor = `package p

func quotaFor(name string, scope v1.Scope) *v1.Quota {
	hard := v1.ResourceList{}
	hard[v1.ResourcePods] = resource.MustParse("5")
	switch scope {
	case v1.ScopeTerminating, v1.ScopeNotTerminating:
		hard[v1.ResourceRequestsCPU] = resource.MustParse("1")
		hard[v1.ResourceRequestsMemory] = resource.MustParse("500Mi")
		hard[v1.ResourceLimitsCPU] = resource.MustParse("2")
		hard[v1.ResourceLimitsMemory] = resource.MustParse("1Gi")
	}
	return &v1.Quota{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec:       v1.QuotaSpec{Hard: hard, Scopes: []v1.Scope{scope}},
	}
}
`

// dequeueMature is the shape of cosmos-sdk's DequeueAllMatureUBDQueue,
// whose copy for redelegations takes the same time and iterates up to the
// block header's instead (filed blind as a bug in reading 78).
const dequeueMature = `package p

func (k Keeper) dequeueMatureUnbonds(ctx context.Context, now time.Time) (out []Pair, err error) {
	store := k.openStore(ctx)
	iter, err := k.unbondingIterator(ctx, now)
	if err != nil {
		return out, err
	}
	defer iter.Close()
	for ; iter.Valid(); iter.Next() {
		slice := Pairs{}
		if err = k.codec.Unmarshal(iter.Value(), &slice); err != nil {
			return out, err
		}
		out = append(out, slice.Pairs...)
		if err = store.Delete(iter.Key()); err != nil {
			return out, err
		}
	}
	return out, nil
}
`

// matcherParser is the shape of Caddy's regexp matchers' Caddyfile parsers: the
// copy for vars lacks the header one's check of a repeated field, whose
// way out calls a method (Errf) of a value both copies have that the
// copy without it never calls (read blind as a bug in reading 53).
const matcherParser = `package p

func (m *MatchHeader) Unmarshal(d *Dispenser, fs *Fields) error {
	if *m == nil {
		*m = make(map[string]*Regexp)
	}
	for d.Next() {
		var first, second string
		if !d.Args(&first, &second) {
			return d.ArgErr()
		}
		name := d.Context(MatcherName)
		if (*m)[first] != nil {
			return d.Errf("matcher can only be used once per field: %s", first)
		}
		(*m)[first] = &Regexp{Pattern: second, Name: name, Fold: fs.Fold}
		if d.NextBlock(0) {
			return d.Err("malformed matcher: blocks are not supported")
		}
	}
	return nil
}
`

// guardOfParser is matcherParser's check of a repeated field.
const guardOfParser = "\t\tif (*m)[first] != nil {\n\t\t\treturn d.Errf(\"matcher can only be used once per field: %s\", first)\n\t\t}\n"

// feedRemove is the shape of go-ethereum's Feed.remove, whose generic
// twin FeedOf.remove has no ch (it sends sub.channel itself) and takes
// the lock as it does.
const feedRemove = `package p

func (f *Feed) remove(sub *feedSub) {
	// Delete from the inbox first.
	ch := sub.channel.Interface()
	f.mu.Lock()
	index := f.inbox.find(ch)
	if index != -1 {
		f.inbox = f.inbox.delete(index)
		f.mu.Unlock()
		return
	}
	f.mu.Unlock()
	select {
	case f.removeSub <- ch:
	case <-f.sendLock:
		f.sendCases = f.sendCases.delete(f.sendCases.find(ch))
		f.sendLock <- struct{}{}
	}
}
`

// assignTasks hands tasks to idle peers, bailing out when its queue is
// empty and when no peer is idle (go-ethereum's snap sync, whose heal copy has a bail of
// its own before the one both have).
const assignTasks = `package p

func (s *Syncer) assignA(idlers *idle, tasks map[int]int) {
	for id := range tasks {
		if len(s.queue.ids) == 0 {
			return
		}
		if len(idlers.ids) == 0 {
			return
		}
		peer := idlers.ids[0]
		idlers.ids = idlers.ids[1:]
		req := &request{peer: peer, id: id, next: s.queue.ids[0]}
		s.pending[id] = req
		delete(tasks, id)
		go s.send(req)
	}
}
`

// newDiscovery is the shape of Prometheus's Eureka discovery, whose
// variable url hides the package it is parsed with; the HTTP and PuppetDB
// copies call theirs parsedURL.
const newDiscovery = `package p

func NewDiscovery(conf *SDConfig, logger *Logger) (*Discovery, error) {
	rt, err := newClient(conf.HTTPClientConfig, "eureka_sd")
	if err != nil {
		return nil, err
	}
	d := &Discovery{
		client: &http.Client{Transport: rt},
		server: conf.Server,
	}
	url, err := url.Parse(conf.Server)
	if err != nil {
		return nil, err
	}
	d.host = url.Host
	d.path = url.Path
	d.refresh = refresh.NewDiscovery(logger, "eureka", d.refreshTargets)
	return d, nil
}
`

// appendIndent is the shape of encoding/json/v2's appendIndent, whose :=
// assigns its parameter dst.
const appendIndent = `package p

func appendIndent(dst, src []byte, prefix, indent string) ([]byte, error) {
	if len(src) == 0 {
		return dst, errEmpty
	}
	if !validPrefix(prefix) || !validPrefix(indent) {
		return dst, errInvalid
	}
	origLen := len(dst)
	dst, err := appendFormat(dst, src, prefix, indent)
	if err != nil {
		return dst[:origLen], err
	}
	dst = append(dst, '\n')
	stats.record(len(dst) - origLen)
	return dst, nil
}
`

// rangeCheck writes rows, checking each one's id first.
const rangeCheck = `package p

func WriteCSV(w io.Writer, orders []Order) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return fmt.Errorf("header: %w", err)
	}
	for _, o := range orders {
		if o.ID <= 0 {
			return fmt.Errorf("order %q: bad id %d", o.Name, o.ID)
		}
		rec := []string{strconv.Itoa(o.ID), o.Name, strconv.FormatFloat(o.Total, 'f', 2, 64)}
		if err := cw.Write(rec); err != nil {
			return fmt.Errorf("order %d: %w", o.ID, err)
		}
	}
	cw.Flush()
	return cw.Error()
}
`

// match is the shape of path.Match: a loop that checks the rest of the
// pattern before returning false, which path/filepath's copy lacks.
const match = `package p

func Match(pattern, name string) (matched bool, err error) {
Pattern:
	for len(pattern) > 0 {
		var star bool
		var chunk string
		star, chunk, pattern = scanChunk(pattern)
		if star && chunk == "" {
			return indexByte(name, '/') < 0, nil
		}
		t, ok, err := matchChunk(chunk, name)
		if ok && (len(t) == 0 || len(pattern) > 0) {
			name = t
			continue
		}
		if err != nil {
			return false, err
		}
		if star {
			for i := 0; i < len(name) && name[i] != '/'; i++ {
				t, ok, err := matchChunk(chunk, name[i+1:])
				if ok {
					if len(pattern) == 0 && len(t) > 0 {
						continue
					}
					name = t
					continue Pattern
				}
				if err != nil {
					return false, err
				}
			}
		}
		for len(pattern) > 0 {
			_, chunk, pattern = scanChunk(pattern)
			if _, _, err := matchChunk(chunk, ""); err != nil {
				return false, err
			}
		}
		return false, nil
	}
	return len(name) == 0, nil
}
`

// store is a cache's put: a lock, a failure path that records the
// error, and a deferred release.
// readVector is a reader written once per type, whose errors name it.
const readVector = `package p

func readUint8VectorJSON(iter *Iterator, size int) (*Vector, error) {
	arr := newVector(size)
	for i := 0; i < size; i++ {
		if !iter.ReadArray() {
			iter.ReportError("readUint8VectorJSON", "expected array")
			return nil, iter.Error
		}
		t := iter.WhatIsNext()
		if t == NilValue {
			iter.ReadNil()
		} else {
			v := iter.ReadUint8()
			arr.Set(i, v)
		}
	}
	if iter.ReadArray() {
		iter.ReportError("read", "expected close array")
		return nil, iter.Error
	}
	return arr, nil
}
`

// metadataRange is loki's MetadataRange: sectionRange copied without the
// two else-if branches that refuse a region too large.
var metadataRange = strings.NewReplacer("\t} else if region.Offset > math.MaxInt64 {\n\t\treturn nil, fmt.Errorf(\"section data offset is too large\")\n\t} else if region.Length > math.MaxInt64 {\n\t\treturn nil, fmt.Errorf(\"section data length is too large\")\n", "",
	"DataRange", "MetadataRange", "GetData", "GetMetadata", "region", "metadataRegion", "has no data", "has no metadata").Replace(sectionRange)

// invoke is the shape of syscall/js's Value.Invoke, which Value.New was
// copied from: New still panics with "Value.Invoke", a method of a plain
// word's name that a string names qualified by its receiver's type.
const invoke = `package p

func (v Value) Invoke(args ...any) Value {
	argVals, argRefs := makeArgSlices(len(args))
	storeArgs(args, argVals, argRefs)
	res, ok := valueInvoke(v.ref, argRefs)
	runtime.KeepAlive(v)
	runtime.KeepAlive(argVals)
	if !ok {
		if vType := v.Type(); vType != TypeFunction {
			panic(&ValueError{"Value.Invoke", vType})
		}
		panic(Error{makeValue(res)})
	}
	return makeValue(res)
}
`

// sectionRange is the shape of grafana/loki's sectionReader.DataRange,
// which MetadataRange was copied from without the two branches of its
// else-if chain that refuse a region too large (read blind as a bug in
// reading 58).
const sectionRange = `package p

func (sr *sectionReader) DataRange(ctx context.Context, offset, length int64) (io.ReadCloser, error) {
	if offset < 0 || length < 0 {
		return nil, fmt.Errorf("parameters must not be negative: offset=%d length=%d", offset, length)
	}

	region := sr.sec.GetLayout().GetData()
	if region == nil {
		return nil, fmt.Errorf("section has no data")
	} else if region.Offset > math.MaxInt64 {
		return nil, fmt.Errorf("section data offset is too large")
	} else if region.Length > math.MaxInt64 {
		return nil, fmt.Errorf("section data length is too large")
	}

	var (
		start = offset
		end   = offset + length - 1
	)
	if start > int64(region.Length) || end > int64(region.Length) {
		return nil, fmt.Errorf("section data is invalid: start=%d end=%d length=%d", start, end, region.Length)
	}

	absoluteOffset := sr.startOff + int64(region.Offset) + offset
	return sr.rr.ReadRange(ctx, absoluteOffset, length)
}
`

const store = `package p

func (c *cache) put(key string, v []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(v) > c.limit {
		c.failed = true
		return errTooLarge
	}
	n, err := c.w.Write(v)
	if err != nil {
		c.err = err
		return err
	}
	c.size += n
	c.keys = append(c.keys, key)
	c.index[key] = c.size
	c.count++
	return nil
}
`

// readPooled cancels its context's timeout with a defer.
const readPooled = `package p

func (s *suite) readPooled(conns []*conn, want int) (*request, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 12*time.Second)
	defer cancel()
	req, c, err := readAnyFrom(ctx, conns...)
	if err != nil {
		return nil, fmt.Errorf("reading pooled tx request failed: %v", err)
	}
	if len(req.Hashes) != want {
		return nil, fmt.Errorf("got %d hashes, want %d", len(req.Hashes), want)
	}
	s.served[c.id]++
	s.requests = append(s.requests, req)
	return req, nil
}
`

// guardOfStore is store's guard.
const guardOfStore = "\tif len(v) > c.limit {\n\t\tc.failed = true\n\t\treturn errTooLarge\n\t}\n"

// pow is math/big's pow5, whose guard returns the call that the
// statement after it makes with another index.
const pow = `package p

func (z *Float) pow5(n uint64) *Float {
	const m = uint64(len(pow5tab) - 1)
	if n <= m {
		return z.SetUint64(pow5tab[n])
	}
	z.SetUint64(pow5tab[m])
	n -= m
	f := new(Float).SetPrec(z.Prec() + 64).SetUint64(5)
	for n > 0 {
		if n&1 != 0 {
			z.Mul(z, f)
		}
		f.Mul(f, f)
		n >>= 1
	}
	return z
}
`

// mirror is the shape of hugo's comparison of two values: one switch on
// the left operand's kind, and one on the right's, which exchange the
// two names everywhere but in the call, where their order is the
// arguments'.
const mirror = `package p

func (ns *Namespace) compare(av, bv reflect.Value) (int, error) {
	switch av.Kind() {
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if isUint(bv.Kind()) {
			return ns.compareUints(av.Uint(), bv.Uint())
		}
	case reflect.Invalid:
		if bv.IsValid() {
			return -1, nil
		}
	case reflect.Pointer:
		if bv.IsNil() && av.IsNil() {
			return 0, nil
		}
	case reflect.Map:
		if av.Len() == 0 {
			return 0, nil
		}
	}
	switch bv.Kind() {
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if isUint(av.Kind()) {
			return ns.compareUints(av.Uint(), bv.Uint())
		}
	case reflect.Invalid:
		if av.IsValid() {
			return 1, nil
		}
	case reflect.Pointer:
		if av.IsNil() && bv.IsNil() {
			return 0, nil
		}
	case reflect.Map:
		if bv.Len() == 0 {
			return 0, nil
		}
	}
	return 0, errUncomparable
}
`

// gemm forms c = alpha*a*b + beta*c, as a BLAS routine's case does.
const gemm = `package p

func gemm(m, n, k int, alpha float64, a []float64, lda int, b []float64, ldb int, beta float64, c []float64, ldc int) {
	for i := 0; i < m; i++ {
		switch {
		case beta == 0:
			for j := 0; j < n; j++ {
				c[i*ldc+j] = 0
			}
		case beta != 1:
			for j := 0; j < n; j++ {
				c[i*ldc+j] *= beta
			}
		}
		for l := 0; l < k; l++ {
			tmp := alpha * a[i*lda+l]
			for j := 0; j < n; j++ {
				c[i*ldc+j] += tmp * b[l*ldb+j]
			}
		}
	}
}
`

// each validates the items of a slice against their old versions, as
// apimachinery's validators of a slice of values do: an item is the
// address of an element, never nil.
const each = `package p

func eachValue(op Op, path *Path, items, old []Item, match MatchFunc, validate ValidateFunc) ErrorList {
	var errs ErrorList
	for i := range items {
		item := &items[i]
		var prev *Item
		if match != nil && len(old) > 0 {
			prev = lookup(old, item, match)
		}
		if op == Update && prev != nil && equal(item, prev) {
			continue
		}
		errs = append(errs, validate(op, path.Index(i), item, prev)...)
	}
	return errs
}
`

// conns loads a table of connections by family, as gopsutil's
// getTCPConnections does on Windows.
const conns = `package p

func tcpConns(family uint32) ([]Conn, error) {
	var table4 *tcpTable4
	var table6 *tcpTable6
	switch family {
	case kindTCP4.family:
		table4 = loadTCP4()
	case kindTCP6.family:
		table6 = loadTCP6()
	}
	var out []Conn
	switch family {
	case kindTCP4.family:
		out = rows(kindTCP4.name, table4)
	case kindTCP6.family:
		out = rows(kindTCP6.name, table6)
	}
	return out, nil
}
`

// TestDriftMirror checks that copies whose renaming exchanges two names
// (a left-hand and a right-hand version) do not drift where they keep
// the order of a call's arguments.
func TestDriftMirror(t *testing.T) {
	classes := detect(t, divergentOpts(), map[string]string{"a.go": mirror})
	if len(classes) != 1 {
		t.Fatalf("got %v, want the two switches", describe(classes))
	}
	if c := classes[0]; c.Divergent || len(driftOf(c)) > 0 {
		t.Errorf("%v: Divergent = %v, drift %v", describe(classes), c.Divergent, driftOf(c))
	}
}

// checkVec is the shape of ebiten's shader argument checkers, whose
// integer copies were made from the float ones.
const checkVec = `package p

func checkArgsForVec4(args []Expr, argts []Type) error {
	switch len(args) {
	case 1:
		if isFloat(args[0], argts[0]) {
			return nil
		}
	case 4:
		if isFloat(args[0], argts[0]) && isFloat(args[1], argts[1]) && isFloat(args[2], argts[2]) && isFloat(args[3], argts[3]) {
			return nil
		}
	}
	return fmt.Errorf("invalid number of arguments for vec4")
}
`

// fromFloat is the shape of arrow's decimal256 conversions, whose
// float32 copy asserts what the float64 one does, in its words.
const fromFloat = `package p

func fromPositiveFloat64(v float64, prec, scale int32) (Num, error) {
	var arr [4]float64
	x := math.Trunc(v * pow10(scale))
	for i := range arr {
		arr[i] = math.Mod(x, two64)
		x = math.Trunc(x / two64)
	}
	assert(arr[3] >= 0, "bad conversion float64 to decimal256")
	assert(arr[2] >= 0, "bad conversion float64 to decimal256")
	assert(arr[1] >= 0, "bad conversion float64 to decimal256")
	assert(arr[0] >= 0, "bad conversion float64 to decimal256")
	return Num{[4]uint64{uint64(arr[0]), uint64(arr[1]), uint64(arr[2]), uint64(arr[3])}}, nil
}
`

func driftOf(c Class) []string {
	var out []string
	for _, f := range c.Fragments {
		for _, d := range f.Drift {
			tw := c.Fragments[d.Twin]
			out = append(out, fmt.Sprintf("%s:%d %s %s %s:%d-%d", f.File, d.Lines.Start, d.Kind, d.Step, tw.File, d.TwinLines.Start, d.TwinLines.End))
		}
	}
	slices.Sort(out)
	return out
}

// TestDrift checks each kind of drift on a copy edited once, and that
// copies edited in parallel (renamed, re-valued, given steps of their
// own) do not drift.
func TestDrift(t *testing.T) {
	r := strings.NewReplacer
	for _, tc := range []struct {
		name    string
		a, b    string
		drifted bool
		want    []string
	}{
		{"validation loop lacked", match, r("\t\tfor len(pattern) > 0 {\n\t\t\t_, chunk, pattern = scanChunk(pattern)\n\t\t\tif _, _, err := matchChunk(chunk, \"\"); err != nil {\n\t\t\t\treturn false, err\n\t\t\t}\n\t\t}\n", "",
			"indexByte(name, '/') < 0", "!contains(name, string(sep))", "name[i] != '/'", "name[i] != sep").Replace(match),
			true, []string{"b.go:34 lacks validation loop a.go:35-40"}},
		// A lacked error wrap alone is listed, but is no evidence of a
		// missed change: backends wrap their errors each their own way.
		{"error wrap lacked", authorize, r(`fmt.Errorf("failed to authorize request: %w", err)`, "err").Replace(authorize),
			false, []string{"b.go:18 lacks error wrap a.go:18-18"}},
		// A call that builds a composite literal, a string among its
		// fields, wraps no error (go-critic's checkers returning
		// astwalk.WalkerForFuncDecl(&hugeParamChecker{…}), nil).
		{"a composite literal returned in a call", r("\treturn nil\n}", "\treturn v.check(&Checked{Verb: verb, Limit: int64(limitOf(\"reads\"))})\n}").Replace(authorize),
			r("\treturn nil\n}", "\treturn v.check(attrs)\n}").Replace(authorize), false, []string{}},
		{"arguments swapped", authorize, r("paramRef\", user, verb)", "paramRef\", verb, user)").Replace(authorize),
			true, []string{"a.go:21 swapped  b.go:21-21", "b.go:21 swapped  a.go:21-21"}},
		// The copy's own other calls of the function tell which copy
		// swapped: they pass the names in the twin's order.
		{"arguments swapped, the copy's other calls in its twin's order", authorizeAll, r("paramRef\", user, verb)", "paramRef\", verb, user)").Replace(authorizeAll),
			true, []string{"b.go:23 swapped call order a.go:23-23"}},
		{"arguments swapped in the first copy, its other calls in its twin's order", r("paramRef\", user, verb)", "paramRef\", verb, user)").Replace(authorizeAll), authorizeAll,
			true, []string{"a.go:23 swapped call order b.go:23-23"}},
		// Other calls in both orders tell nothing: said of both.
		{"arguments swapped, the copies' other calls in both orders", r("resources\", policy.Spec.ParamKind, user, verb)", "resources\", policy.Spec.ParamKind, verb, user)").Replace(authorizeAll),
			r("resources\", policy.Spec.ParamKind, user, verb)", "resources\", policy.Spec.ParamKind, verb, user)", "paramRef\", user, verb)", "paramRef\", verb, user)").Replace(authorizeAll),
			true, []string{"a.go:23 swapped  b.go:23-23", "b.go:23 swapped  a.go:23-23"}},
		// A string naming the function the copy was made from
		// (grafana-plugin-sdk-go's readTimeVectorJSON).
		{"string naming the twin's function", readVector, r("func readUint8VectorJSON(", "func readTimeVectorJSON(", "ReadUint8()", "ReadTime()").Replace(readVector),
			true, []string{"b.go:7 unrenamed string a.go:7-7"}},
		{"string naming the twin's function in an edited copy", readVector, r("func readUint8VectorJSON(", "func readTimeVectorJSON(", "v := iter.ReadUint8()\n\t\t\tarr.Set(i, v)", "v := iter.ReadInt64()\n\t\t\tarr.Set(i, time.Unix(0, v))").Replace(readVector),
			true, []string{"b.go:7 unrenamed string a.go:7-7"}},
		{"string naming a third function", readVector, r("func readUint8VectorJSON(", "func readTimeVectorJSON(", `"readUint8VectorJSON"`, `"readInt64VectorJSON"`, "ReadUint8()", "ReadTime()").Replace(readVector),
			true, []string{"b.go:7 unrenamed string a.go:7-7"}},
		// A string naming the part of the twin's name with a digit that
		// the copy's name changed (ebiten's checkArgsForIVec4BuiltinFunc
		// reporting "... for vec4"): the copy was renamed, its message
		// was not; eight such strings in a row are one drift (arrow's
		// fromPositiveFloat32 asserting "float64").
		{"string naming the twin's variant", checkVec, r("checkArgsForVec4", "checkArgsForIVec4", "isFloat", "isInt").Replace(checkVec),
			true, []string{"b.go:14 unrenamed name part a.go:14-14"}},
		{"strings naming the twin's width in a row", fromFloat, r("fromPositiveFloat64(v float64", "fromPositiveFloat32(v float32").Replace(fromFloat),
			true, []string{"b.go:10 unrenamed name part a.go:10-13"}},
		// Controls: each copy's string names its own part; a part with
		// no digit; the same in test files, where a test of one variant
		// names another on purpose.
		{"strings naming each its own variant", checkVec, r("checkArgsForVec4", "checkArgsForIVec4", "isFloat", "isInt", "for vec4", "for ivec4").Replace(checkVec), false, nil},
		{"string naming a part without a digit", r("Vec4", "Float", "vec4", "float").Replace(checkVec), r("Vec4", "Int", "vec4", "float", "isFloat", "isInt").Replace(checkVec), false, nil},
		// A name the copy calls is named on purpose (encoding/json/v2's
		// "MarshalJSON" beside "MarshalFunc").
		{"string naming a function the copy calls", readVector, r("func readUint8VectorJSON(", "func readTimeVectorJSON(", `"readUint8VectorJSON"`, `"ReadTime"`, "ReadUint8()", "ReadTime()").Replace(readVector),
			false, nil},
		// A string naming the operation the copy's function carries out
		// (Temporal's updateScheduleWorkflow reports "UpdateSchedule"):
		// the copy's name holds it.
		{"string naming the operation the function carries out", r("func readUint8VectorJSON(", "func readUint8VectorJSONInto(").Replace(readVector),
			r("readUint8VectorJSON", "readTimeVectorJSON", "ReadUint8()", "ReadTime()").Replace(readVector), false, nil},
		// A function of a plain word's name is named by a string that
		// is the name alone, or the name qualified ("Value.Invoke"):
		// syscall/js's Value.New, copied from Value.Invoke, panics with
		// "Value.Invoke"; gopkg.in/mgo.v2's Bulk.Upsert with "Bulk.Update".
		{"string naming the twin's method qualified", invoke, r("Invoke(args", "New(args", "valueInvoke(", "valueNew(").Replace(invoke),
			true, []string{"b.go:11 unrenamed string a.go:11-11"}},
		{"string naming the twin's function alone", r(`"Value.Invoke"`, `"Invoke"`).Replace(invoke), r("Invoke(args", "New(args", "valueInvoke(", "valueNew(", `"Value.Invoke"`, `"Invoke"`).Replace(invoke),
			true, []string{"b.go:11 unrenamed string a.go:11-11"}},
		{"strings naming each its own method", invoke, r("Invoke", "New").Replace(invoke), false, nil},
		// The same name as a method and as a function (reflectlite's
		// Field, written after reflect's Value.Field, panics with
		// "reflect.Value.Field"; os's File.chmod and chmod both say
		// "chmod").
		{"string naming a method and a function of one name", invoke, r("func (v Value) Invoke(args", "func Invoke(v Value, args").Replace(invoke), false, nil},
		{"string naming a function and a method of one name alone", r(`"Value.Invoke"`, `"Invoke"`).Replace(invoke),
			r("func (v Value) Invoke(args", "func Invoke(v Value, args", `"Value.Invoke"`, `"Invoke"`).Replace(invoke), false, nil},
		// A name the copy's own name holds is what the copy does too
		// (hyperpb's searchFunc logs "search" as search does).
		{"string naming what the copy's name holds", r(`"Value.Invoke"`, `"Invoke"`).Replace(invoke),
			r("Invoke(args", "InvokeFunc(args", "valueInvoke(", "valueNew(", `"Value.Invoke"`, `"Invoke"`).Replace(invoke), false, nil},
		// A word that only holds the name, or names it unqualified in a
		// sentence, names nothing.
		{"string holding the twin's plain name in a sentence", r(`"Value.Invoke"`, `"cannot Invoke value"`).Replace(invoke),
			r("Invoke(args", "New(args", "valueInvoke(", "valueNew(", `"Value.Invoke"`, `"cannot Invoke value"`).Replace(invoke), false, nil},
		// A branch of an else-if chain that returns, lacked (loki's
		// MetadataRange).
		{"else-if guards lacked", sectionRange, metadataRange,
			true, []string{"b.go:9 lacks guard a.go:11-15"}},
		// Controls: branches that do not leave, and branches on a name
		// the copy never names (a limit of that variant's own).
		{"else-if branches that do not leave", r("return nil, fmt.Errorf(\"section data offset is too large\")", "log.Print(\"section data offset is too large\")",
			"return nil, fmt.Errorf(\"section data length is too large\")", "log.Print(\"section data length is too large\")").Replace(sectionRange),
			metadataRange, false, nil},
		{"else-if guards on the variant's own limit", r("math.MaxInt64", "maxDataRegion").Replace(sectionRange),
			metadataRange, false, nil},
		{"string saying another thing", readVector, r("func readUint8VectorJSON(", "func readTimeVectorJSON(", `"readUint8VectorJSON"`, `"time vector"`, "ReadUint8()", "ReadTime()").Replace(readVector),
			false, nil},
		{"string naming the function, renamed too", readVector, r("readUint8VectorJSON", "readTimeVectorJSON", "ReadUint8()", "ReadTime()").Replace(readVector),
			false, nil},
		// A function named by a plain word: a string that says the word
		// names no function.
		{"function of a plain word renamed", authorize, r("authorize(ctx", "authorizeRead(ctx").Replace(authorize), false, nil},
		{"name left unrenamed", authorize, strings.Replace(r("user", "caller").Replace(authorize), "paramRef\", caller, verb)", "paramRef\", user, verb)", 1),
			true, []string{"b.go:21 unrenamed  a.go:21-21"}},
		// A copy pasted and renamed lacks a guard on a renamed local: the
		// guard's names are the copy's under their new names, not the
		// twin's own (it was missed until the renaming was read).
		{"guard lacked in a renamed copy", authorize, r("\tif !ok {\n\t\treturn fmt.Errorf(\"cannot identify user to authorize read access to paramRef object\")\n\t}\n", "", "user", "caller", "ok", "found").Replace(authorize),
			true, []string{"b.go:7 lacks guard a.go:8-10"}},
		{"check lacked on a renamed loop variable", rangeCheck, r("\t\tif o.ID <= 0 {\n\t\t\treturn fmt.Errorf(\"order %q: bad id %d\", o.Name, o.ID)\n\t\t}\n", "", "o.", "inv.", "_, o :=", "_, inv :=", "orders", "invoices", "Order", "Invoice").Replace(rangeCheck),
			true, []string{"b.go:8 lacks check a.go:9-11"}},
		// A check whose message names the loop's index, the index's one
		// use: the copy lacking it drops the index (Go refuses it
		// unused), so the check is the one it lacks, not one on a name
		// of the twin's own.
		{"check on a loop index the copy drops with it", r("for _, o := range", "for i, o := range", `"order %q: bad id %d", o.Name`, `"order %d (%q): bad id %d", i, o.Name`).Replace(rangeCheck),
			r("\t\tif o.ID <= 0 {\n\t\t\treturn fmt.Errorf(\"order %q: bad id %d\", o.Name, o.ID)\n\t\t}\n", "", "WriteCSV", "WriteOrders").Replace(rangeCheck),
			true, []string{"b.go:8 lacks check a.go:9-11"}},
		// The index used beside the check too: the copy that drops it
		// and lacks the check is another variant.
		{"check on a loop index the copy drops, used elsewhere", r("for _, o := range", "for i, o := range", `"order %q: bad id %d", o.Name`, `"order %d (%q): bad id %d", i, o.Name`, "strconv.Itoa(o.ID), o.Name", "strconv.Itoa(o.ID), strconv.Itoa(i), o.Name").Replace(rangeCheck),
			r("\t\tif o.ID <= 0 {\n\t\t\treturn fmt.Errorf(\"order %q: bad id %d\", o.Name, o.ID)\n\t\t}\n", "", "strconv.Itoa(o.ID), o.Name", "strconv.Itoa(o.ID), \"\", o.Name", "WriteCSV", "WriteOrders").Replace(rangeCheck),
			false, nil},
		// A parameter the copy renamed and names nowhere else but in its
		// signature is the copy's too.
		{"guard lacked on a renamed parameter", r("v []byte)", "v []byte, lim int)", "c.limit", "lim").Replace(store),
			r("v []byte)", "v []byte, most int)", guardOfStore, "").Replace(store),
			true, []string{"b.go:5 lacks guard a.go:6-9"}},
		// A value the copy drops with _ is not renamed: the check of it
		// is the twin's own (encoding/json's addrMarshalerEncoder).
		{"check of a value the copy drops", authorize, r("user, ok := request.UserFrom(ctx)", "user, _ := request.UserFrom(ctx)",
			"\tif !ok {\n\t\treturn fmt.Errorf(\"cannot identify user to authorize read access to paramRef object\")\n\t}\n", "").Replace(authorize),
			false, nil},
		// A step at another place is moved, not lacked, by either copy.
		{"defer moved", store, r("\tdefer c.mu.Unlock()\n", "", "\tn, err := c.w.Write(v)\n", "\tdefer c.mu.Unlock()\n\tn, err := c.w.Write(v)\n").Replace(store),
			true, []string{"a.go:5 moved defer b.go:9-9", "b.go:9 moved defer a.go:5-5"}},
		{"assignment on an error path lacked", store, r("\t\tc.err = err\n", "").Replace(store),
			true, []string{"b.go:11 lacks assignment on an error path a.go:12-12"}},
		// In an if body whose return ends in nil, the success path: not
		// said to be on an error path (Prometheus's parseTime).
		{"assignment before an early return lacked", r("\t\tc.err = err\n\t\treturn err\n", "\t\tc.err = err\n\t\treturn nil\n").Replace(store),
			r("\t\tc.err = err\n\t\treturn err\n", "\t\treturn nil\n").Replace(store),
			true, []string{"b.go:11 lacks assignment before an early return a.go:12-12"}},
		// A check lacked in a condition: read blind, five of twelve such
		// classes held a bug, more than any other step.
		{"check in a condition lacked", authorize, r("v.authorizer == nil || binding", "binding").Replace(authorize),
			true, []string{"b.go:4 lacks check in a condition a.go:4-4"}},
		{"flag in a condition lacked", authorize, r("if !ok {", "if !ok || v.closed {").Replace(authorize),
			true, []string{"a.go:8 lacks check in a condition b.go:8-8"}},
		// A predicate called on names is a check too (kratos's forward
		// lacking `|| x.IsJSONRequest(r)`); one called on a literal is
		// one more value tested.
		{"predicate in a condition lacked", authorize, r("if !ok {", "if !ok || v.anonymous(user, verb) {").Replace(authorize),
			true, []string{"a.go:8 lacks check in a condition b.go:8-8"}},
		{"condition grew a call on a literal", authorize, r("if !ok {", "if !ok || strings.HasPrefix(verb, \"x\") {").Replace(authorize), false, nil},
		// The empty string is a string's zero (docker compose's secret
		// mounts lack the configs' || Content != "").
		{"empty-string check in a condition lacked", authorize, r("if !ok {", "if !ok || v.scope != \"\" {").Replace(authorize),
			true, []string{"a.go:8 lacks check in a condition b.go:8-8"}},
		// Not a check: a condition that tests another thing, or one more
		// value.
		{"condition changed", authorize, r("binding.Spec.ParamRef == nil {", "binding.Spec.Params == nil {").Replace(authorize), false, nil},
		{"condition grew a comparison", authorize, r("if d != authorizer.DecisionAllow {", "if d != authorizer.DecisionAllow && verb != \"list\" {").Replace(authorize), false, nil},
		// A value dropped with a blank that the twin checks: a drift
		// however edited the copies are otherwise (bbolt's benchmark
		// writers).
		{"error discarded", store, r("\tn, err := c.w.Write(v)\n\tif err != nil {\n\t\tc.err = err\n\t\treturn err\n\t}\n", "\tn, _ := c.w.Write(v)\n").Replace(store),
			true, []string{"b.go:10 discards  a.go:10-14"}},
		// Of another call, a blank is no error dropped: the statements
		// only look alike (go-ethereum's traverseRawState).
		{"value of another call discarded", store, r("\tn, err := c.w.Write(v)\n\tif err != nil {\n\t\tc.err = err\n\t\treturn err\n\t}\n", "\tn, _ := c.w.Grow(v)\n").Replace(store),
			false, nil},
		{"error discarded in a copy edited throughout", store, r("\tn, err := c.w.Write(v)\n\tif err != nil {\n\t\tc.err = err\n\t\treturn err\n\t}\n", "\tn, _ := c.w.Write(v)\n",
			"\tc.count++\n", "\tc.count++\n\tc.stats.bytes.Add(int64(len(v)))\n\tc.trace.Record(key, len(v))\n").Replace(store),
			true, []string{"b.go:10 discards  a.go:10-14"}},
		// A call whose error the twin checks in an if's init statement,
		// made as a statement alone.
		{"error of a call unchecked", r("\tc.count++\n", "\tc.count++\n\tif err := c.w.Flush(); err != nil {\n\t\treturn err\n\t}\n").Replace(store),
			r("\tc.count++\n", "\tc.count++\n\tc.w.Flush()\n").Replace(store),
			true, []string{"b.go:19 discards unchecked call a.go:19-21"}},
		// The same with a short call, which the alignment leaves
		// unmatched whole in both copies.
		{"error of a short call unchecked", r("\tc.count++\n", "\tc.count++\n\tif err := f.Sync(); err != nil {\n\t\treturn err\n\t}\n").Replace(store),
			r("\tc.count++\n", "\tc.count++\n\tf.Sync()\n").Replace(store),
			true, []string{"b.go:19 discards unchecked call a.go:19-21"}},
		// A blank for a value the twin uses later, but does not check.
		{"value not used", store, r("n, err := c.w.Write(v)", "_, err := c.w.Write(v)", "c.size += n", "c.size++").Replace(store), false, nil},
		// The guard's body is the statement after it at another depth:
		// aligned by depth, the guard is what the copy lacks.
		{"guard repeating the next statement", pow, r("\tif n <= m {\n\t\treturn z.SetUint64(pow5tab[n])\n\t}\n", "").Replace(pow),
			true, []string{"b.go:4 lacks guard a.go:5-7"}},
		// In one function written twice, a guard's names are its
		// condition's: the error it returns is named only where it is.
		{"guard returning its own error lacked", store, r("\tif len(v) > c.limit {\n", "\tif len(key) == 0 {\n\t\treturn errNoKey\n\t}\n\tif len(v) > c.limit {\n").Replace(store),
			true, []string{"a.go:5 lacks check b.go:6-8"}},
		{"defer lacked", store, r("\tdefer c.mu.Unlock()\n", "").Replace(store),
			true, []string{"b.go:4 lacks defer a.go:5-5"}},
		// A copy that makes the deferred call itself, in the block the
		// defer would go in, with no return before it, lacks nothing
		// (go-ethereum's ethtest suite, which calls cancel() after the
		// read its twin defers it over); one that makes it in a branch,
		// or after a return, leaves it unmade on a path.
		{"deferred call made", readPooled, r("readPooled(", "readPending(", "\tdefer cancel()\n\treq, c, err := readAnyFrom(ctx, conns...)\n", "\treq, c, err := readAnyFrom(ctx, conns...)\n\tcancel()\n").Replace(readPooled),
			false, []string{}},
		{"deferred call made in a branch", readPooled, r("readPooled(", "readPending(", "\tdefer cancel()\n", "", "\t\treturn nil, fmt.Errorf(\"reading pooled", "\t\tcancel()\n\t\treturn nil, fmt.Errorf(\"reading pooled").Replace(readPooled),
			true, []string{"b.go:4 lacks defer a.go:5-5"}},
		{"deferred call made after a return", readPooled, r("readPooled(", "readPending(", "\tdefer cancel()\n", "", "\tif len(req.Hashes)", "\tcancel()\n\tif len(req.Hashes)").Replace(readPooled),
			true, []string{"b.go:4 lacks defer a.go:5-5"}},
		// An Unlock is said as one, not as "the lock".
		{"unlock lacked", r("\tdefer c.mu.Unlock()\n", "", "\treturn nil\n", "\tc.mu.Unlock()\n\treturn nil\n").Replace(store), r("\tdefer c.mu.Unlock()\n", "").Replace(store),
			true, []string{"b.go:17 lacks unlock a.go:18-18"}},
		// A return that leaves on an error, lacked: the copy goes on past
		// it (pocketbase's verification request, reading 49).
		{"return on an error path lacked", store, r("\t\tc.err = err\n\t\treturn err\n", "\t\tc.err = err\n").Replace(store),
			true, []string{"b.go:12 lacks return on an error path a.go:13-13"}},
		// Not after a comparison with nil: one more case a variant
		// leaves by.
		{"return after a limit lacked", store, r("\t\tc.failed = true\n\t\treturn errTooLarge\n", "\t\tc.failed = true\n").Replace(store),
			false, nil},
		{"flag lacked on a failure", store, r("\t\tc.failed = true\n", "").Replace(store),
			true, []string{"b.go:6 lacks assignment on an error path a.go:7-7"}},
		{"conditional flag lacked", store, r("\tc.count++\n", "\tc.count++\n\tif n > c.limit {\n\t\tc.full = true\n\t}\n").Replace(store),
			true, []string{"a.go:18 lacks flag b.go:19-21"}},
		// A check of what only one copy computes goes with that
		// computation: a call the other copy does not make, or makes
		// another way.
		{"check of a call of its own", store, r("\tc.size += n\n", "\tc.size += n\n\tm, err := c.w.Flush()\n\tif err != nil {\n\t\treturn err\n\t}\n\tc.size += m\n").Replace(store), false, nil},
		{"check of a call made another way", store, r("\tn, err := c.w.Write(v)\n\tif err != nil {\n\t\tc.err = err\n\t\treturn err\n\t}\n",
			"\tn, err := c.w.Write(v)\n\tif err != nil {\n\t\tc.err = err\n\t\treturn err\n\t}\n\tn, err = c.w.Written()\n\tif err != nil {\n\t\treturn err\n\t}\n").Replace(store), false, nil},
		// Controls: the copies of per-type variants, edited in parallel.
		{"renamed in parallel", authorize, r("user", "caller", "verb", "action", "Binding", "Policy", "\"get\"", "\"list\"").Replace(authorize), false, nil},
		{"callees changed in parallel", store, r("Write", "WriteAt", "append", "appendKey", "errTooLarge", "errFull").Replace(store), false, nil},
		{"a step of its own", store, r("\tc.count++\n", "\tc.count++\n\tc.metrics.Inc(key)\n").Replace(store), false, nil},
		// A left-hand and a right-hand copy exchange two names
		// everywhere but where their order is the arguments'.
		// Subscripts transposed are arithmetic, not a list: a matrix
		// routine's case for Bᵀ reads b[j*ldb+l] where the case for B
		// reads b[l*ldb+j] (gonum's Zgemm).
		{"subscripts transposed", gemm, r("b[l*ldb+j]", "b[j*ldb+l]").Replace(gemm), false, []string{}},
		// A name that stands at one place for the twin's other name:
		// two cases of kindUDP4 where the twin has kindTCP4 and kindTCP6
		// (fiber's copy of gopsutil's getUDPConnections). Listed, but
		// weak: read blind, test cases per client pair their package
		// names so on purpose.
		{"name standing for the twin's other name", conns, strings.Replace(r("TCP", "UDP", "tcp", "udp").Replace(conns), "\tcase kindUDP6.family:\n\t\tout", "\tcase kindUDP4.family:\n\t\tout", 1),
			false, []string{"a.go:16 unrenamed conflated name b.go:16-16", "b.go:16 unrenamed conflated name a.go:16-16"}},
		// Locals stand for each other on purpose in a mirror.
		{"local standing for the twin's other local", conns, strings.Replace(r("TCP", "UDP", "tcp", "udp").Replace(conns), "table6 = loadUDP6()", "table4 = loadUDP6()", 1),
			false, nil},
		{"local of a var group standing for the twin's other local", r("(family uint32) ([]Conn, error) {\n", "(family uint32) ([]Conn, error) {\n\tvar (\n\t\tkindTCP4, kindTCP6 = kinds()\n\t)\n").Replace(conns),
			strings.Replace(r("TCP", "UDP", "tcp", "udp", "(family uint32) ([]Conn, error) {\n", "(family uint32) ([]Conn, error) {\n\tvar (\n\t\tkindUDP4, kindUDP6 = kinds()\n\t)\n").Replace(conns), "\tcase kindUDP6.family:\n\t\tout", "\tcase kindUDP4.family:\n\t\tout", 1),
			false, nil},
		// A pointer copy skips the nil items its value twin cannot
		// have: the twin's item is an element's address.
		{"nil check of what the twin takes the address of", each, r("func eachValue(", "func eachPointer(", "old []Item", "old []*Item",
			"item := &items[i]\n", "item := items[i]\n\t\tif item == nil {\n\t\t\tcontinue\n\t\t}\n").Replace(each), false, nil},
		{"nil check lacked", r("item := &items[i]", "item := items[i]").Replace(each), r("func eachValue(", "func eachPointer(",
			"item := items[i]\n", "item := items[i]\n\t\tif item == nil {\n\t\t\tcontinue\n\t\t}\n").Replace(r("item := &items[i]", "item := items[i]").Replace(each)),
			true, []string{"a.go:6 lacks check b.go:7-9"}},
		{"a log line", store, r("\tc.count++\n", "\tc.count++\n\tlog.Printf(\"put %s\", key)\n").Replace(store), false, nil},
		// A copy that grew log lines lacks its twin's guard (harbor's
		// Tencent adapter, which logs on entry, lacks its Volcengine
		// copy's guard; filed blind in reading 27).
		{"guard lacked by a copy that logs", store, r(guardOfStore, "", "\treturn nil\n", "\tlog.Printf(\"put %s\", key)\n\treturn nil\n").Replace(store),
			true, []string{"b.go:5 lacks guard a.go:6-9"}},
		{"guard lacked by a copy that logs through a chain", store, r(guardOfStore, "", "\treturn nil\n", "\tc.logger.WithField(\"key\", key).Debug(\"put\")\n\treturn nil\n").Replace(store),
			true, []string{"b.go:5 lacks guard a.go:6-9"}},
		// Log lines are no edits that make a variant written apart.
		{"guard lacked by a copy that logs much", store, r(guardOfStore, "", "\treturn nil\n", "\tlog.Printf(\"put %s: %d bytes\", key, n)\n\tlog.Printf(\"size %d, count %d\", c.size, c.count)\n\treturn nil\n").Replace(store),
			true, []string{"b.go:5 lacks guard a.go:6-9"}},
		// Nor do statements of its own: a copy that grew a step still
		// lacks its twin's guard (reading 37: such drifts held a bug 7
		// times in 27, the others in these modules 3 in 30).
		// However much else the copies differ (reading 38: the drifts of
		// pairs past 12 tokens of other edits held a bug 7 times in 30).
		{"guard lacked by a copy edited throughout", store, r(guardOfStore, "", "c.size += n", "c.size += n*c.scale + c.pad", "append(c.keys, key)", "append(c.keys, strings.ToLower(key))",
			"c.count++", "c.count += c.weight").Replace(store),
			true, []string{"b.go:5 lacks guard a.go:6-9"}},
		{"guard lacked by a copy that grew a step of its own", store, r(guardOfStore, "", "\treturn nil\n", "\tc.hits++\n\treturn nil\n").Replace(store),
			true, []string{"b.go:5 lacks guard a.go:6-9"}},
		// A check's way out may call a method the copy without it never
		// calls, of a value both have, or name what a package both use
		// holds: its condition says whether it is a variant's own.
		{"check lacked whose way out calls a method", matcherParser, r(guardOfParser, "", "MatchHeader", "MatchVars").Replace(matcherParser),
			true, []string{"b.go:12 lacks check a.go:13-15"}},
		{"check lacked whose way out names a package's error", r("d.Errf(\"matcher can only be used once per field: %s\", first)", "errs.Repeated", "return d.ArgErr()", "return errs.Args").Replace(matcherParser),
			r(guardOfParser, "", "MatchHeader", "MatchVars", "return d.ArgErr()", "return errs.Args").Replace(matcherParser),
			true, []string{"b.go:12 lacks check a.go:13-15"}},
		// A field selected from a value only this copy reads is still its
		// own, in the way out too (go/types' and types2's copies of
		// callExpr read call.Args and call.ArgList).
		{"check lacked whose way out reads a field of its own", r("d.Errf(\"matcher can only be used once per field: %s\", first)", "d.Errf(fs.Repeated)").Replace(matcherParser),
			r(guardOfParser, "", "MatchHeader", "MatchVars").Replace(matcherParser), false, nil},
		{"check lacked on a field of its own", r("(*m)[first] != nil", "fs.Unique && (*m)[first] != nil").Replace(matcherParser),
			r(guardOfParser, "", "MatchHeader", "MatchVars").Replace(matcherParser), false, nil},
		// The statement a copy lacks is not one it has: where the
		// canonical tokens leave a choice, the statement matched is the
		// one of the same text.
		{"lock the twin takes after a statement of its own", feedRemove, r("func (f *Feed) remove(sub *feedSub)", "func (f *FeedOf[T]) remove(sub *feedOfSub[T])",
			"\tch := sub.channel.Interface()\n", "", "(ch)", "(sub.channel)", "<- ch:", "<- sub.channel:").Replace(feedRemove),
			false, nil},
		{"the first of two guards lacked", assignTasks, r("assignA", "assignB", "\t\tif len(s.queue.ids) == 0 {\n\t\t\treturn\n\t\t}\n", "").Replace(assignTasks),
			true, []string{"b.go:4 lacks check a.go:5-7"}},
		// A variable named after the package it is made with hides it
		// only after its statement: the copy that named it otherwise
		// kept the package's name, not the variable's.
		{"variable named after the package it hides", newDiscovery, r("url, err := url.Parse", "parsedURL, err := url.Parse", "url.Host", "parsedURL.Host", "url.Path", "parsedURL.Path").Replace(newDiscovery),
			false, []string{}},
		// Unless the function declared the name before: then := assigns
		// the same variable, and its arguments swapped are a slip.
		{"arguments swapped where := assigns a parameter", appendIndent, r("appendFormat(dst, src,", "appendFormat(src, dst,").Replace(appendIndent),
			true, []string{"a.go:11 swapped  b.go:11-11", "b.go:11 swapped  a.go:11-11"}},
		// A length tested before an index the twin makes untested, the
		// rest of the condition edited (xray-core's GetRuntimeEnv), or
		// the same with a bound no check in a condition counts.
		{"bounds check lacked", lookupSetting, r("len(pair) == 2 && strings.TrimSpace(pair[0]) == key", "strings.EqualFold(strings.TrimSpace(pair[0]), key)").Replace(lookupSetting),
			true, []string{"b.go:12 lacks bounds check a.go:12-12"}},
		{"bounds check lacked, the rest the same", r("len(pair) == 2 && strings.TrimSpace(pair[0]) == key", "1 < len(pair) && pair[1] != \"\"").Replace(lookupSetting),
			r("len(pair) == 2 && strings.TrimSpace(pair[0]) == key", "pair[1] != \"\"").Replace(lookupSetting),
			true, []string{"b.go:12 lacks bounds check a.go:12-12"}},
		// Controls: the twin tests the length elsewhere; the twin does
		// not index what the test bounds; both test it, each its way.
		{"bounds tested elsewhere", lookupSetting, r("if len(pair) == 2 && strings.TrimSpace(pair[0]) == key", "if len(pair) < 2 {\n\t\t\tcontinue\n\t\t}\n\t\tif strings.TrimSpace(pair[0]) == key").Replace(lookupSetting),
			false, []string{}},
		{"length tested of what the twin does not index", r("strings.TrimSpace(pair[0]) == key", "line != key", "strings.TrimSpace(pair[1])", "line").Replace(lookupSetting),
			r("len(pair) == 2 && strings.TrimSpace(pair[0]) == key", "line != key", "strings.TrimSpace(pair[1])", "line").Replace(lookupSetting),
			false, []string{}},
		{"bounds tested each its way", lookupSetting, r("len(pair) == 2", "len(pair) > 1").Replace(lookupSetting), false, []string{}},
		// A parameter the twin reads that the copy takes and never
		// reads (cosmos-sdk's DequeueAllMatureRedelegationQueue): said,
		// but no evidence of a missed change on its own (reading 79).
		{"parameter left unread", dequeueMature, r("k.unbondingIterator(ctx, now)", "k.unbondingIterator(ctx, k.header(ctx).Time)").Replace(dequeueMature),
			false, []string{"b.go:5 lacks use of a parameter a.go:5-5"}},
		// Controls: a parameter named _, or read elsewhere in the copy; a
		// parameter the twin reads only in a statement the copy lacks.
		{"parameter named _", dequeueMature, r("now time.Time", "_ time.Time", "k.unbondingIterator(ctx, now)", "k.unbondingIterator(ctx, k.header(ctx).Time)").Replace(dequeueMature), false, []string{}},
		{"parameter read elsewhere", dequeueMature, r("k.unbondingIterator(ctx, now)", "k.unbondingIterator(ctx, k.header(ctx).Time)", "return out, nil", "return out, k.check(now)").Replace(dequeueMature), false, []string{}},
		{"parameter read in a statement the copy lacks", r("\tstore := k.openStore(ctx)\n", "\tstore := k.openStore(ctx)\n\tk.logger.Debug(\"dequeue\", \"until\", now.String(), \"store\", k.storeName)\n", "k.unbondingIterator(ctx, now)", "k.unbondingIterator(ctx)").Replace(dequeueMature),
			r("k.unbondingIterator(ctx, now)", "k.unbondingIterator(ctx)").Replace(dequeueMature), false, []string{}},
		// A statement with its check, of one copy's own: the alignment
		// keeps the later of two identical checks, and the earlier is no
		// check the twin lacks; a check of its own call still is one.
		{"a call of its own with its check", writeN, r("NBytes", "NPBytes", "\t_, err = buffer.Write(f.data)\n", "\terr = buffer.WriteByte(f.p)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n\t_, err = buffer.Write(f.data)\n").Replace(writeN),
			false, []string{}},
		{"a check its twin lacks after a call both make", r("\t_, err = buffer.Write(f.data)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n", "\t_, err = buffer.Write(f.data)\n").Replace(writeN), writeN,
			true, []string{"a.go:10 lacks check b.go:11-13"}},
		// A name the copy indexes wherever it stands for the twin's, but
		// once (kube-router's iBGP peers); controls: bare twice, indexed
		// by two keys, indexed by the twin too.
		{"index left out once", syncPrefixes, r("prefixes []string", "family Family, peers map[Family][]string", "sort.Strings(prefixes)", "sort.Strings(peers[family])", "DeepEqual(prefixes,", "DeepEqual(peers,", "range prefixes", "range peers[family]").Replace(syncPrefixes),
			true, []string{"b.go:10 unrenamed index a.go:10-10"}},
		{"bare twice", syncPrefixes, r("prefixes []string", "family Family, peers map[Family][]string", "sort.Strings(prefixes)", "sort.Strings(peers)", "DeepEqual(prefixes,", "DeepEqual(peers,", "range prefixes", "range peers[family]").Replace(syncPrefixes), false, []string{}},
		{"indexed by two keys", syncPrefixes, r("prefixes []string", "family Family, peers map[Family][]string", "sort.Strings(prefixes)", "sort.Strings(peers[family])", "DeepEqual(prefixes,", "DeepEqual(peers,", "range prefixes", "range peers[other]").Replace(syncPrefixes), false, []string{}},
		{"indexed in the twin too", r("prefixes []string", "family Family, sets map[Family][]string", "prefixes", "sets[family]").Replace(syncPrefixes),
			r("prefixes []string", "family Family, peers map[Family][]string", "sort.Strings(prefixes)", "sort.Strings(peers[family])", "DeepEqual(prefixes,", "DeepEqual(peers[family],", "range prefixes", "range peers[family]").Replace(syncPrefixes), false, []string{}},
		// Names a list declares in an order of no meaning, a var's
		// without values and a receiver's type parameters, are no swap;
		// a var's with values are.
		{"var names declared in another order", lookupSid, r("var sidSize, sidNameUse, refDomainSize uint32", "var sidSize, refDomainSize, sidNameUse uint32").Replace(lookupSid), false, []string{}},
		{"var names with values in another order", r("var sidSize, sidNameUse, refDomainSize uint32", "var sidSize, sidNameUse, refDomainSize = sizes()").Replace(lookupSid),
			r("var sidSize, sidNameUse, refDomainSize uint32", "var sidSize, refDomainSize, sidNameUse = sizes()").Replace(lookupSid),
			true, []string{"a.go:4 swapped  b.go:4-4", "b.go:4 swapped  a.go:4-4"}},
		{"function's type parameters in another order", keepKeys, r("keepKeys[K, V comparable]", "keptKeys[V, K comparable]").Replace(keepKeys), false, []string{}},
		{"receiver's type parameters in another order", walkIndex, r("m *Multi[ReferenceKey, PrimaryKey, Value]", "i *ReversePair[K1, K2, Value]", "ReferenceKey", "K2", "PrimaryKey", "K1", "m.refKeys", "i.refKeys").Replace(walkIndex), false, []string{}},
		// An if that tests one operand and uses another in its body,
		// where the twin tests and uses the same one (mimir's
		// QuantileOverTimeFactory, xray-core's darwin keepalive).
		{"if tests one index and reports another", rangeFactory, r("predict", "quantile", "got %T\", args[0])", "got %T\", args[1])", "got %T\", args[1])", "got %T\", args[0])").Replace(rangeFactory),
			true, []string{"b.go:11 unrenamed operand a.go:11-13", "b.go:7 unrenamed operand a.go:7-9"}},
		{"if tests one field and sets another", keepAlive, r("if config.TcpKeepAliveInterval > 0 {", "if config.TcpKeepAliveIdle > 0 {", "if config.TcpKeepAliveIdle > 0 {\n\t\t\tif err := setInt(fd, tcpLevel, keepIdle", "if config.TcpKeepAliveInterval > 0 {\n\t\t\tif err := setInt(fd, tcpLevel, keepIdle").Replace(keepAlive),
			true, []string{"b.go:10 unrenamed operand a.go:10-11", "b.go:5 unrenamed operand a.go:5-6"}},
		// An if before it that declares what the condition reads is no
		// test of it: it declares its names for itself.
		{"if reports the next if's field", extServers, r("addExtServers(ep *Endpoint, r *Resolver, servers []string)", "deleteExtServers(ep *Endpoint, r *Resolver)", "servers)", "nil)", "ep.Name, ep.IPAddress)", "ep.Name, ep.IPv6Address)").Replace(extServers),
			true, []string{"b.go:4 unrenamed operand a.go:4-6"}},
		// Controls: the copy renames the operand in both places (a
		// variant taking its arguments in the other order); the header
		// names two fields, in another order in the copy; the copy uses
		// a field the twin never names.
		{"operands renamed alike", rangeFactory, r("args[0]", "args[9]", "args[1]", "args[0]", "args[9]", "args[1]").Replace(rangeFactory), false, []string{}},
		{"header naming two fields in another order", keepAlive, r("config.TcpKeepAliveInterval > 0 || config.TcpKeepAliveIdle > 0", "config.TcpKeepAliveIdle > 0 || config.TcpKeepAliveInterval > 0").Replace(keepAlive), false, []string{}},
		{"the tested field used in the copy's body too", keepAlive, r("if config.TcpKeepAliveInterval > 0 {", "if config.TcpKeepAliveIdle > 0 {", "keepIntvl, int(config.TcpKeepAliveInterval)", "keepIntvl, int(config.TcpKeepAliveInterval+config.TcpKeepAliveIdle)").Replace(keepAlive), false, nil},
		{"a field of the copy's own in the body", keepAlive, r("keepIntvl, int(config.TcpKeepAliveInterval)", "keepIntvl, int(config.TcpKeepAliveProbes)").Replace(keepAlive), false, nil},
		// A package's constant the copy names, in a statement the copies
		// share word for word with its message, for two of its twin's
		// (grpc's getCallAuthData); controls: the constant changed
		// throughout (a variant), changed with its message, changed at
		// two places, the copies each naming the other's elsewhere.
		{"constant not adapted", authData, r("func (t *client) authData(", "func (t *client) callAuthData(", "t.creds", "t.callCreds", "codes.Unauthenticated", "codes.Internal").Replace(authData),
			true, []string{"a.go:14 unrenamed constant b.go:14-14", "b.go:14 unrenamed constant a.go:14-14"}},
		{"constant not adapted, its package a type's in the signature", r("(map[string]string, error)", "(codes.Map, error)").Replace(authData),
			r("(map[string]string, error)", "(codes.Map, error)", "codes.Unauthenticated", "codes.Internal").Replace(authData),
			true, []string{"a.go:14 unrenamed constant b.go:14-14", "b.go:14 unrenamed constant a.go:14-14"}},
		{"a statement of the same words added", r("case v1.ScopeTerminating, v1.ScopeNotTerminating:\n", "case v1.ScopeTerminating, v1.ScopeNotTerminating:\n\t\thard[v1.ResourcePods] = resource.MustParse(\"1\")\n").Replace(quotaFor), quotaFor,
			false, nil},
		{"constant not adapted, in renamed copies", authData, r("codes.Unauthenticated", "codes.Internal").Replace(authData),
			true, []string{"a.go:14 unrenamed constant b.go:14-14", "b.go:14 unrenamed constant a.go:14-14"}},
		{"constant changed throughout", authData, r("func (t *client) authData(", "func (t *client) callAuthData(", "codes.Internal", "codes.Aborted", "codes.Unauthenticated", "codes.Aborted").Replace(authData), false, []string{}},
		{"constant changed with its message", authData, r("codes.Unauthenticated, \"per-RPC", "codes.Internal, \"call creds").Replace(authData), false, []string{}},
		{"constants exchanged", authData, r("codes.Internal, \"received", "codes.Unauthenticated, \"received", "codes.Unauthenticated, \"per-RPC", "codes.Internal, \"per-RPC").Replace(authData), false, []string{}},
		// A copy that calls its twin where the twin calls itself
		// (analysisutil's storedInSuccs recursing into succs, reading
		// 86), in near and in renamed copies; controls: the recursion
		// renamed too, a copy taking parameters of other types (which
		// could not pass them on to itself: weaviate's
		// PropertyFromModel and NestedPropertyFromModel), two
		// functions that each call the other where
		// the twin calls itself (a dispatch by case, argo-workflows'
		// VisitArray and VisitMap, reading 89), and a method that calls
		// the method of its name on another value (a writer's Write
		// calling w.w.Write).
		{"recursion not renamed", walk, r("walker) succs(", "walker) storedInSuccs(", "c.calls(s", "c.stores(s", "return true\n}", "c.seen++\n\treturn true\n}").Replace(walk),
			true, []string{"b.go:15 unrenamed recursion a.go:15-15"}},
		{"recursion not renamed, in renamed copies", walk, r("walker) succs(", "walker) storedInSuccs(", "c.calls(s", "c.stores(s").Replace(walk),
			true, []string{"b.go:15 unrenamed recursion a.go:15-15"}},
		{"recursion renamed", walk, r("succs(", "storedInSuccs(", "c.calls(s", "c.stores(s").Replace(walk), false, []string{}},
		{"the twin called with other parameters", walk, r("walker) succs(b *block)", "walker) storedInSuccs(b *group)", "c.calls(s", "c.stores(s").Replace(walk),
			false, []string{}},
		{"each calls the other where the twin calls itself", visitArray, r("visitArray(as []any", "visitMap(m map[string]any", "for i, a := range as", "for key, a := range m", "strconv.Itoa(i)", "key", "return false\n\t\t}\n\t}", "return cont\n\t\t}\n\t}").Replace(visitArray),
			false, []string{}},
		{"a method of its name called on another value", wrap, r("Write(p []byte)", "WriteAll(p []byte)").Replace(wrap), false, []string{}},
		// A guard of a length the copy lacks, where it indexes the
		// slice later (gogrep's select wildcardCase, reading 86);
		// controls: the copy takes the length elsewhere, the twin's if
		// does not leave, the copy indexes another slice.
		{"length guard lacked", wildCase, r("switchCase(cc *ast.CaseClause)", "selectCase(cc *ast.CommClause)", "len(cc.List) != 1 || len(cc.Body) != 1", "cc.Comm == nil", "cc.List[0].(*ast.Ident)", "cc.Comm.(*ast.Ident)").Replace(wildCase),
			true, []string{"b.go:11 lacks bounds check a.go:4-4"}},
		{"length taken elsewhere", wildCase, r("switchCase(cc *ast.CaseClause)", "selectCase(cc *ast.CommClause)", "len(cc.List) != 1 || len(cc.Body) != 1", "cc.Comm == nil", "cc.List[0].(*ast.Ident)", "cc.Comm.(*ast.Ident)", "return v\n", "use(len(cc.Body))\n\treturn v\n").Replace(wildCase),
			false, nil},
		{"length tested without leaving", r("return nil\n\t}\n\tv, ok", "log(cc)\n\t}\n\tv, ok").Replace(wildCase),
			r("switchCase(cc *ast.CaseClause)", "selectCase(cc *ast.CommClause)", "len(cc.List) != 1 || len(cc.Body) != 1", "cc.Comm == nil", "return nil\n\t}\n\tv, ok", "log(cc)\n\t}\n\tv, ok", "cc.List[0].(*ast.Ident)", "cc.Comm.(*ast.Ident)").Replace(wildCase),
			false, nil},
		{"another slice indexed", wildCase, r("switchCase(cc *ast.CaseClause)", "selectCase(cc *ast.CommClause)", "len(cc.List) != 1 || len(cc.Body) != 1", "cc.Comm == nil", "cc.List[0].(*ast.Ident)", "cc.Comm.(*ast.Ident)", "cc.Body[0]", "cc.Stmts[0]").Replace(wildCase),
			false, nil},
		// A fmt.Errorf that formats with %s or %v the error its twin
		// wraps with %w (pointerstructure's Delete, reading 87), in near
		// and in renamed copies: said, but weak evidence, not drifted
		// (reading 88); controls, where nothing is said: both copies format alike, the
		// copy's call is another package's Errorf (pkg/errors has no %w),
		// formats with another number of verbs, or another verb than %v
		// or %s, or names its arguments by index, or wraps one argument
		// where the twin wraps another, or reports another failure (its
		// message's words not the twin's).
		{"%w lacked", setPointer, r("Set(doc, v any)", "Delete(doc any)", "return v, nil", "return nil, nil", "\"set %s: %w\", p, err)\n\t}\n\treturn", "\"delete %s: %s\", p, err)\n\t}\n\treturn", "set %s", "delete %s").Replace(setPointer),
			false, []string{"b.go:21 lacks %w wrap a.go:21-21"}},
		{"%w lacked, in renamed copies", setPointer, r("\"set %s: %w\", p, err)\n\t}\n\treturn", "\"set %s: %v\", p, err)\n\t}\n\treturn").Replace(setPointer),
			false, []string{"b.go:21 lacks %w wrap a.go:21-21"}},
		{"%w lacked by the first copy", r("\"set %s: %w\", p, err)\n\t}\n\tval", "\"set %s: %+v\", p, err)\n\t}\n\tval").Replace(setPointer), setPointer,
			false, []string{"a.go:9 lacks %w wrap b.go:9-9"}},
		{"%w lacked, the message naming another service", r("\"set %s: %w\", p, err)\n\t}\n\treturn", "\"failed to apply message from service bus: %w\", err)\n\t}\n\treturn").Replace(setPointer),
			r("\"set %s: %w\", p, err)\n\t}\n\treturn", "\"failed to apply message from event hubs: %v\", err)\n\t}\n\treturn").Replace(setPointer),
			false, []string{"b.go:21 lacks %w wrap a.go:21-21"}},
		{"a call reporting another failure", setPointer, r("\"set %s: %w\", p, err)\n\t}\n\treturn", "\"cannot apply %s: %v\", p, err)\n\t}\n\treturn").Replace(setPointer), false, nil},
		{"errors formatted alike", r("%w", "%v").Replace(setPointer), r("%w", "%v", "set %s", "delete %s").Replace(setPointer), false, []string{}},
		{"another package's Errorf", setPointer, r("fmt.Errorf(\"set %s: %w\", p, err)\n\t}\n\treturn", "errors.Errorf(\"set %s: %v\", p, err)\n\t}\n\treturn").Replace(setPointer), false, []string{}},
		{"another number of verbs", setPointer, r("\"set %s: %w\", p, err)\n\t}\n\treturn", "\"set: %v\", err)\n\t}\n\treturn").Replace(setPointer), false, nil},
		{"a verb other than %v or %s", setPointer, r("\"set %s: %w\", p, err)\n\t}\n\treturn", "\"set %s: %d\", p, err)\n\t}\n\treturn").Replace(setPointer), false, nil},
		{"arguments by index", setPointer, r("\"set %s: %w\", p, err)\n\t}\n\treturn", "\"set %[1]s: %[2]v\", p, err)\n\t}\n\treturn").Replace(setPointer), false, nil},
		{"wraps another argument", r("\"set %s: %w\", p, err)\n\t}\n\treturn", "\"set %w: %v\", p, err)\n\t}\n\treturn").Replace(setPointer), setPointer, false, nil},
		{"guard lacked by a copy that reports to a test", store, r(guardOfStore, "", "\treturn nil\n", "\tt.Errorf(\"put %s\", key)\n\treturn nil\n").Replace(store),
			true, []string{"b.go:5 lacks guard a.go:6-9"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			classes := detect(t, divergentOpts(), map[string]string{"a.go": tc.a, "b.go": tc.b})
			var c *Class
			for i := range classes {
				if len(classes[i].Fragments) == 2 && classes[i].Fragments[0].Start.Line == 3 {
					c = &classes[i]
				}
			}
			if c == nil {
				if tc.want == nil {
					return // no near class at all: nothing drifted
				}
				t.Fatalf("no class of the two functions: %v", describe(classes))
			}
			if c.Divergent != tc.drifted {
				t.Errorf("Divergent = %v, want %v (%v)", c.Divergent, tc.drifted, driftOf(*c))
			}
			if got := driftOf(*c); tc.want != nil && !slices.Equal(got, tc.want) {
				t.Errorf("drift\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestDriftStandardLibrary checks path/filepath.Match, which lacks the
// check of the rest of the pattern that path.Match makes.
func TestDriftStandardLibrary(t *testing.T) {
	srcs := map[string]string{}
	for _, f := range []string{"path/match.go", "path/filepath/match.go"} {
		src, err := os.ReadFile(filepath.Join(build.Default.GOROOT, "src", f))
		if err != nil {
			t.Skipf("no standard library sources: %v", err)
		}
		srcs[f] = string(src)
	}
	o := Options{MinTokens: 50, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.8, Workers: 2}
	for _, c := range detect(t, o, srcs) {
		for _, d := range driftOf(c) {
			if strings.HasPrefix(d, "path/filepath/match.go:") && strings.Contains(d, " lacks validation loop path/match.go:") {
				return
			}
		}
	}
	t.Fatal("path/filepath.Match does not lack path.Match's validation loop")
}

// TestMergeRanges checks that a statement taken out after one it holds
// replaces it: the ranges taken out never nest (cluster-api's util
// packages once made them, and the gaps no longer matched the ranges).
func TestMergeRanges(t *testing.T) {
	for _, tc := range []struct {
		xs, ys, want []int32
	}{
		{[]int32{10, 15}, []int32{5, 30}, []int32{5, 30}},
		{[]int32{5, 30}, []int32{10, 15, 40, 42}, []int32{5, 30, 40, 42}},
		{[]int32{10, 15, 20, 25}, []int32{15, 20}, []int32{10, 15, 15, 20, 20, 25}},
		{nil, []int32{3, 4}, []int32{3, 4}},
	} {
		if got := mergeRanges(tc.xs, tc.ys); !slices.Equal(got, tc.want) {
			t.Errorf("mergeRanges(%v, %v) = %v, want %v", tc.xs, tc.ys, got, tc.want)
		}
	}
}

// TestSameFunction checks which spans are one function written in two
// places: functions of one name and receiver type, in two files or in
// one, but not two blocks of one declaration (read blind, drifts between
// those were 0 of 3 a bug), nor a method and a function.
func TestSameFunction(t *testing.T) {
	const a = `package p

func (c *cache) put(k string) {
	if k == "" {
		return
	}
	c.n++
	if k == "x" {
		return
	}
	c.n--
}

func get(k string) {
	if k == "" {
		return
	}
}
`
	const b = `package q

func (c *cache) put(k string) {
	if k == "" {
		return
	}
}

func (s *store) put(k string) {
	if k == "" {
		return
	}
}
`
	files := indexSources(t, 5, map[string]string{"a.go": a, "b.go": b})
	slices.SortFunc(files, func(x, y *File) int { return strings.Compare(x.Name, y.Name) })
	d := &detector{files: files}
	// ifAt is the span of the if statement starting on line l of file fi.
	ifAt := func(fi int32, l int) span {
		f := files[fi]
		for i, u := range f.units {
			if !u.fn && f.tokenLine(u.tok0) == l && token.Token(f.codes[u.tok0]) == token.IF {
				return span{fi, int32(i), int32(i)}
			}
		}
		t.Fatalf("no if on line %d of %s", l, f.Name)
		return span{}
	}
	for _, tc := range []struct {
		name string
		x, y span
		want bool
	}{
		{"one method in two files", ifAt(0, 4), ifAt(1, 4), true},
		{"two blocks of one method", ifAt(0, 4), ifAt(0, 8), false},
		{"another receiver type", ifAt(1, 4), ifAt(1, 10), false},
		{"a method and a function", ifAt(0, 4), ifAt(0, 15), false},
	} {
		if got := d.sameFunction(tc.x, tc.y); got != tc.want {
			t.Errorf("%s: sameFunction = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestFuncNameOfEverySpan asks funcName of every span from a unit to a
// unit that ends after it starts, in a file of many declarations (methods, a generic
// receiver, a declaration without a body, a function literal outside any
// function, a one-line function): a span is of the function whose lines
// hold it, with its receiver's type, and a span in no function
// declaration, or across two, is of none.
func TestFuncNameOfEverySpan(t *testing.T) {
	src := `package p

var hook = func() {
	x := 1
	_ = x
}

func first(a int) int {
	if a > 0 {
		a--
	}
	return a
}

func ext()

func (l *List[E]) second() {
	for range 3 {
		l.n++
	}
	l.n--
}

func third() { _ = 1 }

func (s store) fourth() {
	s.n++
	go func() {
		s.n--
	}()
}
`
	f := indexSources(t, 1, map[string]string{"a.go": src})[0]
	d := &detector{files: []*File{f}}
	lines := strings.Split(src, "\n")
	// want is the name and receiver of the declaration holding lines
	// [l0, l1], "" for none.
	want := func(l0, l1 int) (name, recv string) {
		start := 0
		for l := l0; l >= 1; l-- {
			if strings.HasPrefix(lines[l-1], "func ") || strings.HasPrefix(lines[l-1], "var ") {
				start = l
				break
			}
		}
		end := start // a one-line declaration's; else the first "}" alone
		for end < len(lines) && !strings.HasSuffix(lines[start-1], "}") && lines[end-1] != "}" {
			end++
		}
		if start == 0 || !strings.HasPrefix(lines[start-1], "func ") || l1 > end {
			return "", ""
		}
		decl := strings.TrimPrefix(lines[start-1], "func ")
		if strings.HasPrefix(decl, "(") {
			r := decl[1:strings.Index(decl, ")")]
			recv = strings.TrimLeft(r[strings.LastIndexAny(r, " *[")+1:], "*")
			recv = strings.TrimSuffix(recv, "]")
			decl = decl[strings.Index(decl, ")")+2:]
		}
		return decl[:strings.IndexAny(decl, "([ ")], recv
	}
	spans := 0
	for i := range int32(len(f.units)) {
		for j := range int32(len(f.units)) {
			if f.units[i].tok0 < f.units[j].tok1 {
				s := span{0, i, j}
				name, recv, fn, ok := d.funcName(s)
				wn, wr := want(f.tokenLine(f.units[i].tok0), f.tokenLine(f.units[j].tok1-1))
				switch {
				case wn == "" && ok:
					t.Errorf("units %d-%d (lines %d-%d): in unit %d, want none", i, j, f.tokenLine(f.units[i].tok0), f.tokenLine(f.units[j].tok1-1), fn)
				case wn != "" && (!ok || name != hashBytes([]byte(wn)) || recv != hashOr0(wr) || !f.units[fn].fn):
					t.Errorf("units %d-%d (lines %d-%d): %v %x %x, want %s of %q", i, j, f.tokenLine(f.units[i].tok0), f.tokenLine(f.units[j].tok1-1), ok, name, recv, wn, wr)
				}
				spans++
			}
		}
	}
	if spans < 50 {
		t.Fatalf("%d spans asked", spans)
	}
}

// hashOr0 is the hash of name, 0 for "".
func hashOr0(name string) uint64 {
	if name == "" {
		return 0
	}
	return hashBytes([]byte(name))
}

// TestOddOrderManyCopies decides, in a class of 2,000 copies, the
// orders of one place as the family says: the first copy's step moved
// against every other, said both ways by each pair, is said once, of
// the first; a swap one later copy alone has is said of it; a step moved
// against two copies only is left as the pairs said it; a pair not
// compared whole leaves every drift as it was.
func TestOddOrderManyCopies(t *testing.T) {
	const n = 2000
	lr := func(l int) LineRange { return LineRange{l, l} }
	class := func() Class {
		c := Class{Fragments: make([]Fragment, n)}
		for i := 1; i < n; i++ {
			c.Fragments[0].Drift = append(c.Fragments[0].Drift, Drift{Kind: DriftMoved, Step: StepDefer, Lines: lr(5), Twin: i, TwinLines: lr(9)})
			c.Fragments[i].Drift = append(c.Fragments[i].Drift, Drift{Kind: DriftMoved, Step: StepDefer, Lines: lr(9), Twin: 0, TwinLines: lr(5)})
		}
		c.Fragments[7].Drift = append(c.Fragments[7].Drift, Drift{Kind: DriftSwapped, Lines: lr(21), Twin: 0, TwinLines: lr(20)})
		for _, i := range []int{3, 4} {
			c.Fragments[0].Drift = append(c.Fragments[0].Drift, Drift{Kind: DriftMoved, Step: StepUnlock, Lines: lr(30), Twin: i, TwinLines: lr(33)})
		}
		return c
	}
	compared := make([]bool, n)
	for i := range compared {
		compared[i] = true
	}
	c := class()
	oddOrder(&c, compared)
	var got []string
	for i, f := range c.Fragments {
		for _, d := range f.Drift {
			got = append(got, fmt.Sprintf("%d:%d %s %s %d:%d %v", i, d.Lines.Start, d.Kind, d.Step, d.Twin, d.TwinLines.Start, d.Consensus))
		}
	}
	want := []string{"0:30 moved unlock 3:33 false", "0:30 moved unlock 4:33 false", "0:5 moved defer 1:9 true", "7:21 swapped  0:20 true"}
	if !slices.Equal(got, want) {
		t.Errorf("drifts\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	c = class()
	compared[1] = false
	oddOrder(&c, compared)
	if !reflect.DeepEqual(c, class()) {
		t.Error("a pair not compared whole: the drifts changed")
	}
}

// TestMarkConsensusManyCopies marks, in a class of five copies, the
// steps the first copy lacks of every other copy (at one place, however
// often a twin is said) and not those only some have; and the steps a
// later copy alone lacks of the first, not those two lack; a pair not
// compared whole leaves every mark unset.
func TestMarkConsensusManyCopies(t *testing.T) {
	lr := func(l int) LineRange { return LineRange{l, l + 2} }
	lacks := func(step string, lines LineRange, twin int, twinLines LineRange) Drift {
		return Drift{Kind: DriftLacks, Step: step, Lines: lines, Twin: twin, TwinLines: twinLines}
	}
	class := func() Class {
		c := Class{Fragments: make([]Fragment, 5)}
		for twin := 1; twin < 5; twin++ {
			c.Fragments[0].Drift = append(c.Fragments[0].Drift, lacks(StepGuard, lr(3), twin, lr(10)))
		}
		c.Fragments[0].Drift = append(c.Fragments[0].Drift,
			lacks(StepGuard, lr(3), 2, lr(10)),  // a twin said twice
			lacks(StepCheck, lr(20), 1, lr(30)), // only two twins have it
			lacks(StepCheck, lr(20), 2, lr(30)),
			lacks(StepGuard, lr(40), 1, lr(50)), // at another place
			Drift{Kind: DriftUnrenamed, Lines: lr(60), Twin: 3})
		c.Fragments[1].Drift = []Drift{lacks(StepGuard, lr(5), 0, lr(70)), lacks(StepLoop, lr(6), 0, lr(80))}
		c.Fragments[2].Drift = []Drift{lacks(StepLoop, lr(6), 0, lr(80)), lacks(StepGuard, lr(5), 0, lr(90)), lacks(StepGuard, lr(8), 0, lr(90))}
		c.Fragments[4].Drift = []Drift{{Kind: DriftSwapped, Lines: lr(9), TwinLines: lr(70)}}
		return c
	}
	consensus := func(c Class) [][]bool {
		var out [][]bool
		for _, f := range c.Fragments {
			var fs []bool
			for _, x := range f.Drift {
				fs = append(fs, x.Consensus)
			}
			out = append(out, fs)
		}
		return out
	}
	c := class()
	markConsensus(&c, []bool{true, true, true, true, true})
	want := [][]bool{
		{true, true, true, true, true, false, false, false, false},
		{true, false},
		{false, true, true},
		nil,
		{false},
	}
	if got := consensus(c); !reflect.DeepEqual(got, want) {
		t.Errorf("consensus %v\nwant      %v", got, want)
	}
	c = class()
	markConsensus(&c, []bool{true, true, false, true, true})
	for i, fs := range consensus(c) {
		if slices.Contains(fs, true) {
			t.Errorf("a pair not compared: copy %d marked %v", i, fs)
		}
	}
}

// TestDriftConsensus checks the odd one out: in three copies, the step
// one lacks and both others have is lacked by consensus; a step two of
// three lack is not; a step moved, or two names swapped, is said of the
// copy that has it another way than every other copy. Where each copy grew a statement of its own, the
// copy lacks the step as any pair does, whatever else the pairs added or
// edited (readings 37 and 38), and so the odd one out lacks what every
// other copy has.
func TestDriftConsensus(t *testing.T) {
	r := strings.NewReplacer
	lacking := r("\tdefer c.mu.Unlock()\n", "").Replace(store)
	moved := r("\tdefer c.mu.Unlock()\n", "", "\tn, err := c.w.Write(v)\n", "\tdefer c.mu.Unlock()\n\tn, err := c.w.Write(v)\n").Replace(store)
	swapped := r("paramRef\", user, verb)", "paramRef\", verb, user)").Replace(authorize)
	// grown adds a statement of its own to src after the line that ends
	// with after.
	grown := func(src, after, stmt string) string {
		return r(after+"\n", after+"\n\t"+stmt+"\n").Replace(src)
	}
	for _, tc := range []struct {
		name string
		srcs map[string]string
		want []string
	}{
		{"one copy of three lacks it", map[string]string{"a.go": store, "b.go": store, "c.go": lacking},
			[]string{"c.go:4 lacks defer a.go:5-5 consensus"}},
		{"the first copy lacks it", map[string]string{"a.go": lacking, "b.go": store, "c.go": store},
			[]string{"a.go:4 lacks defer b.go:5-5 consensus", "a.go:4 lacks defer c.go:5-5 consensus"}},
		{"two copies of three lack it", map[string]string{"a.go": store, "b.go": lacking, "c.go": lacking},
			[]string{"b.go:4 lacks defer a.go:5-5 ", "c.go:4 lacks defer a.go:5-5 "}},
		// The first copy and another lack it: compared with the first
		// only, the other was said to lack nothing.
		{"the first copy and another lack it", map[string]string{"a.go": lacking, "b.go": store, "c.go": lacking},
			[]string{"a.go:4 lacks defer b.go:5-5 ", "c.go:4 lacks defer b.go:5-5 "}},
		{"the first copy and two others of five lack it", map[string]string{"a.go": lacking, "b.go": store, "c.go": lacking, "d.go": store, "e.go": lacking},
			[]string{"a.go:4 lacks defer b.go:5-5 ", "a.go:4 lacks defer d.go:5-5 ", "c.go:4 lacks defer b.go:5-5 ", "e.go:4 lacks defer b.go:5-5 "}},
		{"each grew its own, one lacks it", map[string]string{"a.go": grown(store, "c.count++", "c.touch(key)"), "b.go": grown(store, "c.size += n", "log := c.open(v)"), "c.go": grown(lacking, "c.w.Write(v)", "total := len(v)")},
			[]string{"c.go:4 lacks defer a.go:5-5 consensus"}},
		// A step at another place: a pair says it of one copy or of both
		// (TestDrift's "defer moved"); the family says it of the copy
		// that has it where no other copy does.
		{"one copy of three has it at another place", map[string]string{"a.go": store, "b.go": store, "c.go": moved},
			[]string{"c.go:9 moved defer a.go:5-5 consensus"}},
		{"the first copy has it at another place", map[string]string{"a.go": moved, "b.go": store, "c.go": store},
			[]string{"a.go:9 moved defer b.go:5-5 consensus"}},
		{"the first copy of three has it where neither other does", map[string]string{"a.go": store, "b.go": moved, "c.go": moved},
			[]string{"a.go:5 moved defer b.go:9-9 consensus"}},
		{"one copy of three has two arguments the other way", map[string]string{"a.go": authorize, "b.go": authorize, "c.go": swapped},
			[]string{"c.go:21 swapped  a.go:21-21 consensus"}},
		{"the first copy of three has two arguments the other way", map[string]string{"a.go": swapped, "b.go": authorize, "c.go": authorize},
			[]string{"a.go:21 swapped  b.go:21-21 consensus"}},
		{"two copies of five have it at another place", map[string]string{"a.go": store, "b.go": moved, "c.go": store, "d.go": moved, "e.go": store},
			[]string{"a.go:5 moved defer b.go:9-9 ", "a.go:5 moved defer d.go:9-9 ", "b.go:9 moved defer a.go:5-5 ", "d.go:9 moved defer a.go:5-5 "}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			classes := detect(t, divergentOpts(), tc.srcs)
			var got []string
			for _, c := range classes {
				if len(c.Fragments) < 3 {
					continue
				}
				for _, f := range c.Fragments {
					for _, d := range f.Drift {
						tw := c.Fragments[d.Twin]
						s := fmt.Sprintf("%s:%d %s %s %s:%d-%d ", f.File, d.Lines.Start, d.Kind, d.Step, tw.File, d.TwinLines.Start, d.TwinLines.End)
						if d.Consensus {
							s += "consensus"
						}
						got = append(got, s)
					}
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("drift\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// A string naming the twin's variant counts in production code alone: in
// tests, a test of one variant names another on purpose.
func TestNamePartInTests(t *testing.T) {
	b := strings.NewReplacer("checkArgsForVec4", "checkArgsForIVec4", "isFloat", "isInt").Replace(checkVec)
	for _, names := range [][2]string{{"a.go", "b.go"}, {"a_test.go", "b_test.go"}} {
		classes := detect(t, divergentOpts(), map[string]string{names[0]: checkVec, names[1]: b})
		if len(classes) != 1 {
			t.Fatalf("%v: %v, want one class", names, describe(classes))
		}
		got, want := classes[0].Divergent, names[0] == "a.go"
		if got != want {
			t.Errorf("%v: Divergent = %v, want %v (%v)", names, got, want, driftOf(classes[0]))
		}
	}
}

func TestDigitParts(t *testing.T) {
	for name, want := range map[string]string{
		"checkArgsForIVec4BuiltinFunc": "ivec4",
		"fromPositiveFloat32":          "float32",
		"HTTP2Server":                  "http2",
		"read_uint8_vector":            "uint8",
		"encodeV2":                     "v2",
		"sha256Sum":                    "sha256",
		"readUint8VectorJSON":          "uint8",
		"Match":                        "",
		"x2":                           "x2",
		"f_2":                          "",
	} {
		var got []string
		for _, p := range digitParts(name) {
			got = append(got, string(p))
		}
		if strings.Join(got, " ") != want {
			t.Errorf("digitParts(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestInSignature: the names of a receiver, parameters and results (and
// their types) stand in a signature; a call's arguments and a
// conversion's operand do not.
func TestInSignature(t *testing.T) {
	const src = "package p\n\nfunc (r *T) m(a int, b []string) (n int, err error) {\n\tx := f(a)(b)\n\t_ = (*T)(x)\n\tg := func(c int) {}\n\treturn\n}\n"
	f := indexSources(t, 1, map[string]string{"a.go": src})[0]
	var got []bool
	for i, c := range f.codes {
		if isName(c) {
			got = append(got, inSignature(f.codes, int32(i)))
		}
	}
	// p | r T m a int b string n int err error | x f a b _ T x g c int
	want := []bool{false, true, true, false, true, true, true, true, true, true, true, true,
		false, false, false, false, false, false, false, false, true, true}
	if !slices.Equal(got, want) {
		t.Errorf("in signature %v\nwant         %v", got, want)
	}
}

// spanned is the shape of ory/kratos's persisters, each opening a trace
// span named after itself.
const spanned = `package p

func (p *Persister) UpdateContinuity(ctx context.Context, id uuid.UUID) (err error) {
	ctx, span := p.r.Tracer(ctx).Tracer().Start(ctx, "persistence.sql.UpdateContinuity")
	defer otelx.End(span, &err)
	count, err := p.GetConnection(ctx).RawQuery("UPDATE continuity SET expires_at = ? WHERE id = ? AND nid = ?", time.Now(), id, p.NetworkID(ctx)).ExecWithCount()
	if err != nil {
		return sqlcon.HandleError(err)
	}
	if count == 0 {
		return errors.WithStack(sqlcon.ErrNoRows)
	}
	return nil
}
`

// TestFamilyStringSlips checks a string naming another later copy's
// function: kratos's IncrementMessageSendCount, pasted from
// SetMessageStatus, opens its span as "persistence.sql.SetMessageStatus";
// compared with the first copy alone, it was never said.
func TestFamilyStringSlips(t *testing.T) {
	r := strings.NewReplacer
	status := r("UpdateContinuity", "SetMessageStatus", "continuity", "courier_messages").Replace(spanned)
	o := Options{MinTokens: 50, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.8, Workers: 2}
	for _, tc := range []struct {
		name, c string
		want    []string
	}{
		{"span of the copy pasted from", r("SetMessageStatus(ctx", "IncrementMessageSendCount(ctx", "SET expires_at", "SET send_count").Replace(status),
			[]string{"c.go:4 unrenamed string b.go:4-4"}},
		{"span of its own", r("SetMessageStatus", "IncrementMessageSendCount", "SET expires_at", "SET send_count").Replace(status), nil},
		{"calling the function it names", r("SetMessageStatus(ctx", "IncrementMessageSendCount(ctx", "time.Now()", "p.SetMessageStatus").Replace(status), nil},
		{"a name holding the name it names", r("SetMessageStatus(ctx", "SetMessageStatusTx(ctx", "SET expires_at", "SET send_count").Replace(status), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			found := false
			for _, c := range detect(t, o, map[string]string{"a.go": spanned, "b.go": status, "c.go": tc.c}) {
				if len(c.Fragments) == 3 {
					found, got = true, driftOf(c)
					if c.Divergent != (tc.want != nil) {
						t.Errorf("Divergent = %v with drift %v", c.Divergent, got)
					}
				}
			}
			if !found {
				t.Fatal("no class of the three copies")
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("drift %v, want %v", got, tc.want)
			}
		})
	}
}

// stepsOfOnePair is a function whose copy (a paste that renamed total to
// sum) lacks several of its steps: what drift analysis reads of the two
// copies' names for one step must not leak into the next. Its guard and
// its check on the renamed local are lacked; the check of what the copy
// takes the address of (item, set twice, the last time as an element's
// address) is not, nor is the check of a field of a value only this copy
// has.
const stepsOfOnePair = `package p

func sumValid(items []Item, limit int, extra *Extra) (int, error) {
	total := 0
	item := items[0]
	for i := range items {
		item = items[i]
		if item == nil {
			continue
		}
		total += item.Size
		if total > limit {
			return total, nil
		}
		if extra.Strict != nil {
			return total, nil
		}
		total += item.Extra
	}
	if total < 0 {
		return 0, nil
	}
	return total, nil
}
`

// TestFamilyStringSlipsFirstTwin checks which copy a string names, when
// its value names the functions of several later copies: the first in
// the class's order whose function the copy neither calls nor holds the
// words of, whatever the others.
func TestFamilyStringSlipsFirstTwin(t *testing.T) {
	r := strings.NewReplacer
	both := `"persistence.sql.SetMessageStatus, UpdateStatus"`
	named := func(fn string) string {
		return r("UpdateContinuity", fn, "continuity", "courier_messages", `"persistence.sql.UpdateContinuity"`, both).Replace(spanned)
	}
	o := Options{MinTokens: 50, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.8, Workers: 2}
	for _, tc := range []struct {
		name, d string
		want    []string
	}{
		{"the first", r("SetMessageStatus(ctx", "IncrementMessageSendCount(ctx").Replace(named("SetMessageStatus")),
			[]string{"d.go:4 unrenamed string b.go:4-4"}},
		{"the second, the first called", r("SetMessageStatus(ctx", "IncrementMessageSendCount(ctx", "time.Now()", "p.SetMessageStatus").Replace(named("SetMessageStatus")),
			[]string{"d.go:4 unrenamed string c.go:4-4"}},
		// (id still read: a parameter left unread is a drift of its own.)
		{"neither, both called", r("SetMessageStatus(ctx", "IncrementMessageSendCount(ctx", "time.Now(), id", "p.SetMessageStatus, p.UpdateStatus, id").Replace(named("SetMessageStatus")), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			found := false
			for _, c := range detect(t, o, map[string]string{"a.go": spanned, "b.go": named("SetMessageStatus"), "c.go": named("UpdateStatus"), "d.go": tc.d}) {
				if len(c.Fragments) != 4 {
					continue
				}
				found = true
				if got := driftOf(c); !slices.Equal(got, tc.want) {
					t.Errorf("drift %v, want %v", got, tc.want)
				}
			}
			if !found {
				t.Fatal("no class of the four copies")
			}
		})
	}
}

// TestDriftStepsOfOnePair checks the drifts of a pair whose copy lacks
// several steps, each judged on the names of the two copies.
func TestDriftStepsOfOnePair(t *testing.T) {
	b := strings.NewReplacer("total", "sum", "item = items[i]", "item = &items[i]", "\t\tif item == nil {\n\t\t\tcontinue\n\t\t}\n", "",
		"\t\tif total > limit {\n\t\t\treturn total, nil\n\t\t}\n", "", "\t\tif extra.Strict != nil {\n\t\t\treturn total, nil\n\t\t}\n", "",
		"\tif total < 0 {\n\t\treturn 0, nil\n\t}\n", "", "func sumValid(", "func sumAll(").Replace(stepsOfOnePair)
	classes := detect(t, Options{MinTokens: 20, MinLines: 3, Near: true, Similarity: 0.6}, map[string]string{"a.go": stepsOfOnePair, "b.go": b})
	if len(classes) != 1 {
		t.Fatalf("classes %v, want the two functions", describe(classes))
	}
	want := []string{"b.go:10 lacks check a.go:20-22", "b.go:8 lacks guard a.go:12-14"}
	if got := driftOf(classes[0]); !slices.Equal(got, want) {
		t.Errorf("drift\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// inSignatureScan and declaresScan are inSignature and declares as they
// were written, scanning from each token alone, for nameSites to be held
// to.
func inSignatureScan(codes []byte, t int32) bool {
	depth := 0
	for u := t - 1; u >= 0; u-- {
		switch token.Token(codes[u]) {
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth++
		case token.LBRACK, token.LBRACE:
			if depth--; depth < 0 {
				return false
			}
		case token.LPAREN:
			if depth--; depth < 0 {
				return paramList(codes, u)
			}
		case token.SEMICOLON, token.DEFINE, token.ASSIGN:
			return false
		}
	}
	return false
}

func declaresScan(codes []byte, t int32) bool {
	for t++; int(t) < len(codes); t += 2 {
		switch token.Token(codes[t]) {
		case token.DEFINE:
			return true
		case token.COMMA:
			if int(t+1) >= len(codes) || !isName(codes[t+1]) {
				return false
			}
		default:
			return false
		}
	}
	return false
}

// TestNameSitesAsScanned asks one nameSites of every token of a file, in
// several orders, whether it is declared there and whether it stands in
// a signature: each answer is the scan's from that token alone.
func TestNameSitesAsScanned(t *testing.T) {
	const src = `package p

var hook = func(a, b int) (c int) { return a }

func (r *T) m(a int, b []string, fs ...func(x, y int) error) (n int, err error) {
	x, y, z := f(a)(b), []int{a, b, c, d}, map[string][]int{"k": {a, b}}
	_ = (*T)(x)
	g := func(c int, d [2]int) {}
	u, v := T{A: a, B: []int{b, c}}, func(e, f int) (g, h int) { return e, f }
	var w, q = a, b
	for i, j := 0, 1; i < j; i, j = i+1, j-1 {
		k, l := i, j
		_, _ = k, l
	}
	return
}

func (List[E]) n(e E) (s []E, ok bool) { s, ok = []E{e, e, e}, true; return }
`
	f := indexSources(t, 1, map[string]string{"a.go": src})[0]
	n := int32(len(f.codes))
	orders := map[string]func(i int32) int32{
		"forward":  func(i int32) int32 { return i },
		"backward": func(i int32) int32 { return n - 1 - i },
		"strided":  func(i int32) int32 { return i * 7 % n },
	}
	for name, at := range orders {
		ns := &nameSites{codes: f.codes}
		for i := range n {
			tok := at(i)
			if got, want := ns.inSignature(tok), inSignatureScan(f.codes, tok); got != want {
				t.Errorf("%s: token %d (%s): inSignature %v, want %v", name, tok, codeName(f.codes[tok]), got, want)
			}
			if isName(f.codes[tok]) {
				if got, want := ns.declares(tok), declaresScan(f.codes, tok); got != want {
					t.Errorf("%s: token %d (%s): declares %v, want %v", name, tok, codeName(f.codes[tok]), got, want)
				}
			}
		}
	}
}

// A nameSites counts the tokens it reads in the detector's work once,
// when done: the same count as its questions' scans, none before.
func TestNameSitesCountWhenDone(t *testing.T) {
	f := indexSources(t, 1, map[string]string{"a.go": "package p\n\nfunc f(a, b int) int {\n\tx, y, z := a, b, a+b\n\tvar w = x\n\treturn w + y + z\n}\n"})[0]
	d := &detector{files: []*File{f}}
	ns := d.sitesOf(f)
	var read int64
	for tok := range int32(len(f.codes)) {
		if isName(f.codes[tok]) {
			ns.declaresAt(tok)
		}
		ns.inSignature(tok)
		read = ns.read
		if got := d.work.DriftTokens; got != 0 {
			t.Fatalf("token %d: %d tokens counted before done", tok, got)
		}
	}
	if read == 0 {
		t.Fatal("no token read")
	}
	ns.done()
	ns.done()
	if got := d.work.DriftTokens; got != read {
		t.Errorf("%d tokens counted once done, want the %d read", got, read)
	}
}

// A pair renamed in a long list (a composite literal of 300 names, a
// list of names declared): what the renaming weighs, and so the guard
// one copy lacks, is as for a short one.
func TestDriftRenamedInLongList(t *testing.T) {
	copyOf := func(name string, guard bool) string {
		var b strings.Builder
		fmt.Fprintf(&b, "package p\n\nfunc f(%s, other int) int {\n", name)
		if guard {
			fmt.Fprintf(&b, "\tif %s < 0 {\n\t\treturn 0\n\t}\n", name)
		}
		b.WriteString("\txs := []int{" + strings.Repeat(name+", ", 300) + "}\n")
		fmt.Fprintf(&b, "\ta, b, c, d := %s, %s+1, %s+2, other\n", name, name, name)
		b.WriteString("\ttotal := 0\n\tfor i := 0; i < len(xs); i++ {\n\t\ttotal += xs[i] * a * b\n\t}\n\treturn total + c + d\n}\n")
		return b.String()
	}
	classes := detect(t, Options{MinTokens: 20, MinLines: 3, Near: true, Similarity: 0.6}, map[string]string{"a.go": copyOf("alpha", false), "b.go": copyOf("beta", true)})
	if len(classes) != 1 {
		t.Fatalf("classes %v, want the two functions", describe(classes))
	}
	want := []string{"a.go:3 lacks check b.go:4-6"}
	if got := driftOf(classes[0]); !slices.Equal(got, want) {
		t.Errorf("drift\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// declaresAt answers for each name of a var declaration, in a list and
// in every spec of a group, and for none of a call's arguments or of a
// statement's (k = nil after the group).
func TestDeclaresAtVar(t *testing.T) {
	src := "package p\n\nfunc f(a, b int) int {\n\tvar c, d int\n\tvar (\n\t\te, g int\n\t\tk []int\n\t\tl = a\n\t)\n\tvar h = a\n\tc, d = g(a, b), e\n\tk = nil\n\ti, j := c, d\n\treturn h + i + j + l\n}\n"
	f := indexSources(t, 1, map[string]string{"a.go": src})[0]
	ns := (&detector{files: []*File{f}}).sitesOf(f)
	var got []string
	names := strings.Fields("p f a b int int c d int e g int k int l a h a c d g a b e k i j c d h i j l")
	n := 0
	for tok := range int32(len(f.codes)) {
		if !isName(f.codes[tok]) {
			continue
		}
		if ns.declaresAt(tok) {
			got = append(got, names[n])
		}
		n++
	}
	if n != len(names) {
		t.Fatalf("%d names in the source, want %d", n, len(names))
	}
	if want := "c d e g k l h i j"; strings.Join(got, " ") != want {
		t.Errorf("declared at %q, want %q", strings.Join(got, " "), want)
	}
}

// A var group of n specs, each name asked of declaresAt in token order:
// the group is read once, not once a spec, so the tokens read grow
// linearly (read once a spec, 40,000 specs were 800 million tokens).
func TestDeclaresAtVarGroupLinear(t *testing.T) {
	read := func(n int) int64 {
		var b strings.Builder
		b.WriteString("package p\n\nfunc f() {\n\tvar (\n")
		for i := range n {
			fmt.Fprintf(&b, "\t\tv%d, w%d []int\n", i, i)
		}
		b.WriteString("\t)\n}\n")
		f := indexSources(t, 1, map[string]string{"a.go": b.String()})[0]
		ns := (&detector{files: []*File{f}}).sitesOf(f)
		declared := 0
		for tok := range int32(len(f.codes)) {
			if isName(f.codes[tok]) && ns.declaresAt(tok) {
				declared++
			}
		}
		if declared != 2*n {
			t.Fatalf("%d of the %d names the group declares read as declared", declared, 2*n)
		}
		return ns.read
	}
	hostile.Linear(t, "tokens read", read(2000), read(4000))
}

// metadataOf loops over targets under the name of a package it calls
// after the loop, where the loop's variable is out of scope.
const metadataOf = `package p

func metadataOf(ctx context.Context, base string, targets []target) (*meta, error) {
	for _, url := range targets {
		m, err := fetch(ctx, url.URL, url.Resource)
		if err != nil {
			continue
		}
		if m == nil {
			continue
		}
		if len(m.Servers) == 0 {
			return nil, fmt.Errorf("metadata of %s names no server", url.URL)
		}
		return m, nil
	}
	u, err := url.Parse(base)
	if err != nil {
		return nil, fmt.Errorf("parsing %s: %v", base, err)
	}
	u.Path = ""
	return &meta{Servers: []string{u.String()}}, nil
}
`

// TestDriftRenameInScope: a copy that names the loop's variable t where
// its twin names it url keeps no name of the twin's in url.Parse after
// the loop, where the twin's url is the package (go-sdk's
// getProtectedResourceMetadata, said unrenamed and ranked first); one
// url left in the loop is a slip.
func TestDriftRenameInScope(t *testing.T) {
	r := strings.NewReplacer
	o := Options{MinTokens: 50, MinLines: 6, MaxOccurrences: 10, Near: true, Similarity: 0.8, Workers: 2}
	renamed := r("for _, url := range", "for _, t := range", "url.URL, url.Resource", "t.URL, t.Resource", "names no server\", url.URL", "names no server\", t.URL").Replace(metadataOf)
	// Without the package, where the twin's url is the loop's variable
	// alone.
	noPackage := r("url.Parse(base)", "parse(base)").Replace(metadataOf)
	slipped := r("for _, url := range", "for _, t := range", "url.URL, url.Resource", "t.URL, url.Resource", "names no server\", url.URL", "names no server\", t.URL").Replace(noPackage)
	for _, tc := range []struct {
		name string
		a, b string
		want []string
	}{
		{"the package after the loop", metadataOf, renamed, nil},
		{"the loop's variable left in the loop", noPackage, slipped, []string{"b.go:5 unrenamed  a.go:5-5"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			found := false
			for _, c := range detect(t, o, map[string]string{"a.go": tc.a, "b.go": tc.b}) {
				if len(c.Fragments) == 2 {
					found, got = true, driftOf(c)
				}
			}
			if !found {
				t.Fatal("no class of the two copies")
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("drift %v, want %v", got, tc.want)
			}
		})
	}
}
