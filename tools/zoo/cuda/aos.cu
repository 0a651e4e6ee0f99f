// One Euler step of n particles (position, velocity, mass: 7 floats and a
// pad) as an array of structures, a structure of arrays, or structures
// read as two float4s.
struct particle { float x, y, z, vx, vy, vz, m, pad; };

#define DT 0.01f
extern "C" __global__ void aos_step(particle *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    particle q = p[i];
    float f = -q.m * DT;
    q.vx += f * q.x;
    q.vy += f * q.y;
    q.vz += f * q.z;
    q.x += q.vx * DT;
    q.y += q.vy * DT;
    q.z += q.vz * DT;
    p[i].x = q.x; p[i].y = q.y; p[i].z = q.z;
    p[i].vx = q.vx; p[i].vy = q.vy; p[i].vz = q.vz;
}

// s holds the 8 fields as 8 arrays of n floats, in particle's order.
extern "C" __global__ void soa_step(float *s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float *x = s, *y = s + n, *z = s + 2 * n, *vx = s + 3 * n, *vy = s + 4 * n, *vz = s + 5 * n, *m = s + 6 * n;
    float f = -m[i] * DT;
    float u = vx[i] + f * x[i], v = vy[i] + f * y[i], w = vz[i] + f * z[i];
    vx[i] = u; vy[i] = v; vz[i] = w;
    x[i] += u * DT;
    y[i] += v * DT;
    z[i] += w * DT;
}

extern "C" __global__ void aos_float4_step(float4 *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 a = p[2 * i], b = p[2 * i + 1]; // x y z vx, vy vz m pad
    float f = -b.z * DT;
    a.w += f * a.x;
    b.x += f * a.y;
    b.y += f * a.z;
    a.x += a.w * DT;
    a.y += b.x * DT;
    a.z += b.y * DT;
    p[2 * i] = a;
    p[2 * i + 1] = b;
}
