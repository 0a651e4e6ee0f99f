// 32 dependent lookups a thread in a 256-entry table of words:
// x = T[(x ^ r) & 255] + x·2654435761 from x = in[i] (divergent: every
// lane its own index) or from in[i & ~31] (uniform: a warp shares its
// first element's chain). The table is in __constant__ memory, in global
// memory (a buffer, read-only) or copied to shared memory; its entries
// are mix(j·0x9E3779B9 + 0x7f4a7c15) (tools/zoo computes the same).
#define CT_ROUNDS 32

__constant__ unsigned ctable[256] = {
    0xff3e17d3U, 0xf90d2dbaU, 0xc9c258e6U, 0x5a9bd169U, 0x9f45509cU, 0x29775778U,
    0xceef6654U, 0x78dc3009U, 0x1797faa6U, 0xfba01277U, 0x02f2830cU, 0x6e120962U,
    0x424c03e2U, 0xba9f48e4U, 0x8523f5cdU, 0x8ddcfb6bU, 0xf5164d4eU, 0x5b6bb534U,
    0x1dfebad3U, 0x5e55cb40U, 0xbc1403b0U, 0x489d42c2U, 0x01378489U, 0x65d2baa0U,
    0xcff5f6e5U, 0x906f1d77U, 0x05959ed0U, 0x40011801U, 0xcdd130bfU, 0xb3c422e4U,
    0x24f3c7e7U, 0xd4c7b252U, 0x08445fa5U, 0x2c380a1dU, 0xf8a3357eU, 0xa33f81b8U,
    0x0725c6edU, 0x4243dc84U, 0x53ac3563U, 0x0c77259cU, 0x34037132U, 0xc2d09213U,
    0x95dc2cc7U, 0x5c8a47a5U, 0xb651741fU, 0x2bba36d2U, 0xb9f79ea7U, 0xa9248408U,
    0x3e026a1aU, 0x8e9cd72dU, 0xfd143665U, 0x1c4b2dacU, 0x799db0a3U, 0xec7f4e0dU,
    0x18ec5490U, 0x8570f44cU, 0x1e873fdaU, 0xa38006d6U, 0xc16924d9U, 0xf8943fb6U,
    0xc1e109b4U, 0x84202611U, 0xa5b65054U, 0xa89aa11cU, 0x1b37d5f7U, 0xdf111ec3U,
    0x98376616U, 0xac1bfdb4U, 0x6d9b76e6U, 0x87cd6f80U, 0xfefccd8eU, 0x2020fe0fU,
    0xc208c22dU, 0x868da867U, 0x4d6b5393U, 0x8d23b701U, 0x48abdeaeU, 0xd00a3d9dU,
    0x33954665U, 0x3c2ed08eU, 0xd65298feU, 0x10e8b75bU, 0x742b1ca3U, 0xa1514662U,
    0x73d482ceU, 0x7f9ba11bU, 0x6e95783dU, 0x6a699a24U, 0x84ecbb81U, 0x7f216744U,
    0xfd668ae7U, 0xaff9fe77U, 0xf1bc1f5eU, 0x5be52d8fU, 0x2cd859afU, 0x1f6ed53dU,
    0xd0ddc593U, 0x9516a7e9U, 0xb7cbdd26U, 0x698c82d7U, 0xab0cf483U, 0x7197bd35U,
    0x45ca6b6dU, 0x3e9b60e5U, 0x19b77b5cU, 0x538bbc63U, 0xc0eada64U, 0x70b6e920U,
    0x705de5b0U, 0xd6b6a9c1U, 0x7859755aU, 0xc03755caU, 0x5ec2b002U, 0xf02d86e3U,
    0x809a659dU, 0xd7f2232dU, 0x400c008eU, 0x8202d516U, 0x69c93630U, 0x6e1a52bdU,
    0x000826e7U, 0xa366d700U, 0x3bf1e1b5U, 0xde8b45a0U, 0x4e5d1159U, 0x59359e00U,
    0xf01020dfU, 0xa850a5d8U, 0xb3f616efU, 0x0ddd4fa4U, 0x533730ffU, 0x7f8e0648U,
    0x82fba8b1U, 0xcd09feebU, 0xb316c31aU, 0x49675e30U, 0xea4d193aU, 0x06e76a2dU,
    0x35a2fb9dU, 0x3ceb2cb9U, 0x21fa2979U, 0x66508ee1U, 0xba40829dU, 0x7c1fc9d6U,
    0xd609a324U, 0xee7f79bfU, 0x2585ea7eU, 0x959ccc3bU, 0x6dd38738U, 0x7272ab73U,
    0x727551b3U, 0x1c188729U, 0xed2d2211U, 0x9f158631U, 0x0d37ebcfU, 0x3d99f0caU,
    0xaf7dea28U, 0xb624f694U, 0x2807be9dU, 0x11655241U, 0xee778d5dU, 0x4a07eee6U,
    0xe4301ad5U, 0xf32b5ba2U, 0x0e6f389eU, 0xa0a02832U, 0x602d0e86U, 0x506658cbU,
    0x3ffecc53U, 0x541510b6U, 0xbc3ae641U, 0x3b73195aU, 0xa7bc62b0U, 0x612c8665U,
    0x4ba0dd10U, 0x0abc2ed5U, 0x39f0de5fU, 0x93ab2226U, 0x01fd42eaU, 0xacb958c3U,
    0x26fc7f4bU, 0x2d192d29U, 0xe131516fU, 0x80ca95b4U, 0x52145b4fU, 0x2bd8f253U,
    0xed89322dU, 0xabdf5d67U, 0x062230a3U, 0x297ef424U, 0x6c7deed8U, 0x6e3db290U,
    0x2643f914U, 0x3711ec0aU, 0x3e9fddd4U, 0x51fe959bU, 0x8f5bc4f5U, 0xdc90d330U,
    0x742f2259U, 0x5c5c3610U, 0xce9d3c01U, 0x585c7584U, 0x8a696b71U, 0x241f2029U,
    0x44986259U, 0x79f29e2fU, 0xc56099abU, 0x8c65e4d6U, 0xc7940a45U, 0x091722b7U,
    0xa22835a2U, 0xde51d865U, 0x3155f0a4U, 0x0b854dceU, 0xe93f8314U, 0x1366efe6U,
    0xa814a88cU, 0x6af28b7cU, 0x507c75a3U, 0x813adc41U, 0x6e4f9a96U, 0x4a10418dU,
    0xb0678790U, 0x76ef5e41U, 0x17990580U, 0x4a0c647aU, 0x3caf4a5fU, 0xb32f7382U,
    0xb81a1246U, 0x4524a660U, 0xbc8f7920U, 0x1d5657bbU, 0xde3e54f0U, 0x4c6ffac0U,
    0xcb112e62U, 0x89756e35U, 0x7db28c28U, 0xb5dedd6fU, 0x42abb4b5U, 0x0fc0d9dbU,
    0xd3882416U, 0x5c117636U, 0x69de7c51U, 0xc5fc037aU, 0xfd002462U, 0x2ff4caeaU,
    0x760db042U, 0x1bf9a6c6U, 0x1e9ef21cU, 0x105f6affU, 0x9dca46efU, 0xa61f113aU,
    0xcdd293b8U, 0xe0f87313U, 0x23ec869cU, 0x4d5b2f1cU,
};

#define CT_CHAIN(T)                                                                            \
    unsigned x = key;                                                                          \
    for (int r = 0; r < CT_ROUNDS; r++) x = T[(x ^ r) & 255] + x * 2654435761U;                \
    out[i] = x;

extern "C" __global__ void ct_const_uniform(const unsigned *in, const unsigned *table, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned key = in[i & ~31];
    CT_CHAIN(ctable)
}

extern "C" __global__ void ct_const(const unsigned *in, const unsigned *table, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned key = in[i];
    CT_CHAIN(ctable)
}

extern "C" __global__ void ct_global(const unsigned *__restrict__ in, const unsigned *__restrict__ table,
                                     unsigned *__restrict__ out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned key = in[i];
    CT_CHAIN(table)
}

// Blocks of 256 threads.
extern "C" __global__ void ct_shared(const unsigned *in, const unsigned *table, unsigned *out, int n) {
    __shared__ unsigned st[256];
    st[threadIdx.x] = table[threadIdx.x];
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned key = in[i];
    CT_CHAIN(st)
}
