package main

import "fmt"

type IPAddr [4]byte

func (ip IPAddr) String() string {
	return fmt.Sprintf("%d.%d.%d.%d", ip[0], ip[1], ip[2], ip[3])
}

func main() {
	hosts := map[string]IPAddr{
		"loopback":  {127, 0, 0, 1},
		"googleDNS": {8, 8, 8, 8},
	}
	for _, name := range []string{"loopback", "googleDNS"} {
		fmt.Printf("%v: %v\n", name, hosts[name])
	}
	fmt.Println(hosts)
	fmt.Println([]IPAddr{{10, 0, 0, 1}})
}
