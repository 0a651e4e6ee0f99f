package kerneltest

import (
	"encoding/json"
	"net"
	"os"

	"github.com/culab/culab/kernel"
)

// LocalConnection describes a kernel on five free TCP ports of 127.0.0.1,
// signing with key, for a client to start a kernel with (WriteConnection).
func LocalConnection(key string) (kernel.ConnectionInfo, error) {
	var ports []int
	for range 5 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return kernel.ConnectionInfo{}, err
		}
		defer l.Close() // held until all are picked, so they differ
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return kernel.ConnectionInfo{
		Transport: "tcp", IP: "127.0.0.1", Key: key, SignatureScheme: "hmac-sha256",
		ShellPort: ports[0], IOPubPort: ports[1], StdinPort: ports[2], ControlPort: ports[3], HBPort: ports[4],
	}, nil
}

// WriteConnection writes conn as a connection file, which a kernel reads
// with -f.
func WriteConnection(path string, conn kernel.ConnectionInfo) error {
	b, err := json.Marshal(conn)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o600)
}
