package kernel

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"sync"
	"time"
)

// ProtocolVersion is the Jupyter messaging protocol version the kernel
// speaks; 5.4 only adds kernel_info's supported_features to 5.3.
const ProtocolVersion = "5.4"

// delimiter separates routing identities from the signed message.
const delimiter = "<IDS|MSG>"

// Why an incoming message was dropped; Stats counts each kind.
var (
	errMalformed    = errors.New("malformed message")
	errBadSignature = errors.New("bad signature")
	errReplayed     = errors.New("replayed signature")
)

// header is a message header. Incoming headers are also kept raw so the
// parent_header of replies echoes every field the client sent.
type header struct {
	MsgID    string `json:"msg_id"`
	Session  string `json:"session"`
	Username string `json:"username"`
	Date     string `json:"date"`
	MsgType  string `json:"msg_type"`
	Version  string `json:"version"`
}

// message is a decoded, verified wire message.
type message struct {
	ids       [][]byte // routing identities (ROUTER peer first)
	header    header
	rawHeader json.RawMessage
	parentID  string // parent_header's msg_id: matches input_reply to its request
	metadata  json.RawMessage
	content   json.RawMessage
	buffers   [][]byte  // binary buffers after the content (comm messages)
	arrived   time.Time // when it was read off its socket (zero: made here)
}

// signer signs and verifies messages. A nil mac means the connection file
// had no key: signatures are sent empty and not checked.
type signer struct {
	mu   sync.Mutex // hash.Hash is not safe for concurrent use
	mac  hash.Hash
	seen replayGuard
}

func newSigner(c ConnectionInfo) (*signer, error) {
	h, err := hashFor(c.SignatureScheme)
	if err != nil {
		return nil, err
	}
	s := &signer{seen: newReplayGuard(replayWindow)}
	if c.Key != "" {
		s.mac = hmac.New(h, []byte(c.Key))
	}
	return s, nil
}

// digest is the raw HMAC of the four signed parts; s.mu must be held.
func (s *signer) digest(parts [4][]byte) []byte {
	s.mac.Reset()
	for _, p := range parts {
		s.mac.Write(p)
	}
	return s.mac.Sum(nil)
}

// sign returns the hex signature of the four signed parts.
func (s *signer) sign(parts [4][]byte) []byte {
	if s.mac == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return []byte(hex.EncodeToString(s.digest(parts)))
}

// verify checks sig in constant time and refuses a signature already seen,
// as jupyter_client does, so a captured request cannot be replayed.
func (s *signer) verify(sig []byte, parts [4][]byte) error {
	if s.mac == nil {
		return nil
	}
	got := make([]byte, hex.DecodedLen(len(sig)))
	n, err := hex.Decode(got, sig)
	if err != nil {
		return fmt.Errorf("%w: not hex", errBadSignature)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !hmac.Equal(got[:n], s.digest(parts)) {
		return errBadSignature
	}
	if !s.seen.add(string(got[:n])) {
		return errReplayed
	}
	return nil
}

// decode splits a multipart message at the delimiter, verifies it and
// parses the JSON parts.
func (s *signer) decode(frames [][]byte) (*message, error) {
	d := -1
	for i, f := range frames {
		if string(f) == delimiter {
			d = i
			break
		}
	}
	if d < 0 {
		return nil, fmt.Errorf("%w: no %s delimiter in %d frames", errMalformed, delimiter, len(frames))
	}
	rest := frames[d+1:]
	if len(rest) < 5 {
		return nil, fmt.Errorf("%w: %d frames after the delimiter, want at least 5", errMalformed, len(rest))
	}
	parts := [4][]byte{rest[1], rest[2], rest[3], rest[4]}
	if err := s.verify(rest[0], parts); err != nil {
		return nil, err
	}
	for i, name := range []string{"header", "parent_header", "metadata", "content"} {
		if !isObject(parts[i]) {
			return nil, fmt.Errorf("%w: %s is not a JSON object", errMalformed, name)
		}
	}
	m := &message{ids: frames[:d], rawHeader: parts[0], metadata: parts[2], content: parts[3]}
	if len(rest) > 5 {
		m.buffers = rest[5:]
	}
	if err := json.Unmarshal(parts[0], &m.header); err != nil {
		return nil, fmt.Errorf("%w: header: %v", errMalformed, err)
	}
	if m.header.MsgType == "" {
		return nil, fmt.Errorf("%w: header has no msg_type", errMalformed)
	}
	var parent struct {
		MsgID string `json:"msg_id"`
	}
	if err := json.Unmarshal(parts[1], &parent); err != nil {
		return nil, fmt.Errorf("%w: parent_header: %v", errMalformed, err)
	}
	m.parentID = parent.MsgID
	return m, nil
}

// encode builds the frames of an outgoing message.
func (s *signer) encode(ids [][]byte, h header, parent json.RawMessage, metadata, content any) ([][]byte, error) {
	hb, err := json.Marshal(h)
	if err != nil {
		return nil, fmt.Errorf("kernel: encode %s header: %w", h.MsgType, err)
	}
	if len(parent) == 0 {
		parent = json.RawMessage("{}")
	}
	mb, err := json.Marshal(metadata)
	if err != nil {
		return nil, fmt.Errorf("kernel: encode %s metadata: %w", h.MsgType, err)
	}
	cb, err := json.Marshal(content)
	if err != nil {
		return nil, fmt.Errorf("kernel: encode %s content: %w", h.MsgType, err)
	}
	parts := [4][]byte{hb, parent, mb, cb}
	frames := make([][]byte, 0, len(ids)+6)
	frames = append(frames, ids...)
	frames = append(frames, []byte(delimiter), s.sign(parts))
	return append(frames, parts[:]...), nil
}

// isObject reports whether b is a JSON object.
func isObject(b []byte) bool {
	t := bytes.TrimLeft(b, " \t\r\n")
	return len(t) > 0 && t[0] == '{' && json.Valid(b)
}

// newID returns a random (version 4) UUID for msg_id and session ids.
func newID() string {
	var u [16]byte
	// crypto/rand.Read never fails (Go ≥ 1.24); it aborts the process.
	_, _ = rand.Read(u[:])
	u[6] = u[6]&0x0f | 0x40
	u[8] = u[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", u[0:4], u[4:6], u[6:8], u[8:10], u[10:16])
}

// timestamp is an ISO 8601 date as Jupyter writes it.
func timestamp() string {
	return time.Now().UTC().Format("2006-01-02T15:04:05.000000Z")
}

// replayWindow is how many recent signatures are remembered.
const replayWindow = 1 << 14

// replayGuard remembers the last n signatures in a ring.
type replayGuard struct {
	set  map[string]struct{}
	ring []string
	next int
}

func newReplayGuard(n int) replayGuard {
	return replayGuard{set: make(map[string]struct{}, n), ring: make([]string, n)}
}

// add records sig and reports whether it was new.
func (g *replayGuard) add(sig string) bool {
	if _, dup := g.set[sig]; dup {
		return false
	}
	if old := g.ring[g.next]; old != "" {
		delete(g.set, old)
	}
	g.ring[g.next] = sig
	g.set[sig] = struct{}{}
	g.next = (g.next + 1) % len(g.ring)
	return true
}
