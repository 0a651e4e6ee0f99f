package kernel

import (
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/json"
	"fmt"
	"hash"
	"net"
	"os"
	"strconv"
)

// ConnectionInfo is the connection file Jupyter writes for a kernel: where
// to bind and how to sign messages.
type ConnectionInfo struct {
	Transport       string `json:"transport"` // "tcp" or "ipc"
	IP              string `json:"ip"`
	ShellPort       int    `json:"shell_port"`
	IOPubPort       int    `json:"iopub_port"`
	StdinPort       int    `json:"stdin_port"`
	ControlPort     int    `json:"control_port"`
	HBPort          int    `json:"hb_port"`
	Key             string `json:"key"`              // empty disables signing
	SignatureScheme string `json:"signature_scheme"` // e.g. "hmac-sha256"
	KernelName      string `json:"kernel_name"`
}

// LoadConnectionFile reads and checks a connection file.
func LoadConnectionFile(path string) (ConnectionInfo, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return ConnectionInfo{}, fmt.Errorf("kernel: connection file: %w", err)
	}
	var c ConnectionInfo
	if err := json.Unmarshal(data, &c); err != nil {
		return ConnectionInfo{}, fmt.Errorf("kernel: connection file %s: %w", path, err)
	}
	c, err = c.normalize()
	if err != nil {
		return ConnectionInfo{}, fmt.Errorf("kernel: connection file %s: %w", path, err)
	}
	return c, nil
}

// normalize fills the defaults jupyter_client assumes and rejects what
// cannot be bound or signed.
func (c ConnectionInfo) normalize() (ConnectionInfo, error) {
	if c.Transport == "" {
		c.Transport = "tcp"
	}
	if c.IP == "" {
		c.IP = "127.0.0.1"
	}
	if c.SignatureScheme == "" {
		c.SignatureScheme = "hmac-sha256"
	}
	if c.Transport != "tcp" && c.Transport != "ipc" {
		return c, fmt.Errorf("unsupported transport %q", c.Transport)
	}
	if _, err := hashFor(c.SignatureScheme); err != nil {
		return c, err
	}
	for _, p := range []struct {
		name string
		port int
	}{{"shell_port", c.ShellPort}, {"iopub_port", c.IOPubPort}, {"stdin_port", c.StdinPort}, {"control_port", c.ControlPort}, {"hb_port", c.HBPort}} {
		if p.port < 0 || p.port > 65535 {
			return c, fmt.Errorf("%s %d out of range", p.name, p.port)
		}
		// ipc endpoints are files named after the port: 0 cannot mean "any".
		if p.port == 0 && c.Transport == "ipc" {
			return c, fmt.Errorf("%s must be set for ipc transport", p.name)
		}
	}
	return c, nil
}

// endpoint is the ZeroMQ address of one channel, spelled as jupyter_client
// spells it (ipc uses "<ip>-<port>" as the socket path).
func (c ConnectionInfo) endpoint(port int) string {
	if c.Transport == "ipc" {
		return "ipc://" + c.IP + "-" + strconv.Itoa(port)
	}
	return "tcp://" + net.JoinHostPort(c.IP, strconv.Itoa(port))
}

// hashFor maps a Jupyter signature scheme ("hmac-" + hashlib name) to Go.
func hashFor(scheme string) (func() hash.Hash, error) {
	switch scheme {
	case "hmac-sha256":
		return sha256.New, nil
	case "hmac-sha224":
		return sha256.New224, nil
	case "hmac-sha384":
		return sha512.New384, nil
	case "hmac-sha512":
		return sha512.New, nil
	case "hmac-sha1":
		return sha1.New, nil
	}
	return nil, fmt.Errorf("unsupported signature scheme %q", scheme)
}
