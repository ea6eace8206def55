using System.Text;

namespace RpcCompare.Reports.Statistics;

/// <summary>
/// xoshiro256** seeded through SplitMix64: a small generator whose sequence is fixed by its seed on every runtime and
/// platform (System.Random's algorithm is an implementation detail), so bootstrap bands are reproducible byte for byte.
/// </summary>
public sealed class SeededRandom
{
    private ulong _s0, _s1, _s2, _s3;

    public SeededRandom(ulong seed)
    {
        var state = seed;
        _s0 = SplitMix64(ref state);
        _s1 = SplitMix64(ref state);
        _s2 = SplitMix64(ref state);
        _s3 = SplitMix64(ref state);
    }

    /// <summary>A seed for one named stream, e.g. one group of one comparison: FNV-1a of the label mixed into the seed.</summary>
    public static ulong DeriveSeed(ulong seed, string label)
    {
        var hash = 14695981039346656037UL;
        foreach (var b in Encoding.UTF8.GetBytes(label))
        {
            hash = (hash ^ b) * 1099511628211UL;
        }

        var state = seed ^ hash;
        return SplitMix64(ref state);
    }

    public ulong NextUInt64()
    {
        var result = RotateLeft(_s1 * 5, 7) * 9;
        var t = _s1 << 17;
        _s2 ^= _s0;
        _s3 ^= _s1;
        _s1 ^= _s2;
        _s0 ^= _s3;
        _s2 ^= t;
        _s3 = RotateLeft(_s3, 45);
        return result;
    }

    /// <summary>Uniform in the open interval (0, 1), so logarithms are always finite.</summary>
    public double NextOpenDouble() => ((NextUInt64() >> 11) + 0.5) * (1.0 / 9007199254740992.0);

    /// <summary>Uniform integer in [0, bound) without modulo bias (Lemire's multiply-and-reject).</summary>
    public int NextInt(int bound)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(bound);
        var range = (uint)bound;
        var product = (ulong)(uint)(NextUInt64() >> 32) * range;
        var low = (uint)product;
        if (low < range)
        {
            var threshold = (0u - range) % range;
            while (low < threshold)
            {
                product = (ulong)(uint)(NextUInt64() >> 32) * range;
                low = (uint)product;
            }
        }

        return (int)(product >> 32);
    }

    /// <summary>Standard normal by Box-Muller (one value per call; simple beats fast here).</summary>
    public double NextNormal()
    {
        var u1 = NextOpenDouble();
        var u2 = NextOpenDouble();
        return Math.Sqrt(-2.0 * Math.Log(u1)) * Math.Cos(2.0 * Math.PI * u2);
    }

    /// <summary>Gamma(shape, 1) for shape &gt;= 1: exponential for 1, Marsaglia-Tsang (2000) above.</summary>
    public double NextGamma(double shape)
    {
        if (!(shape >= 1))
        {
            throw new ArgumentOutOfRangeException(nameof(shape), shape, "This generator supports Gamma shapes of at least 1.");
        }

        if (shape == 1)
        {
            return -Math.Log(NextOpenDouble());
        }

        var d = shape - (1.0 / 3.0);
        var c = 1.0 / Math.Sqrt(9.0 * d);
        while (true)
        {
            double x, v;
            do
            {
                x = NextNormal();
                v = 1.0 + (c * x);
            }
            while (v <= 0);

            v = v * v * v;
            var u = NextOpenDouble();
            if (u < 1.0 - (0.0331 * x * x * x * x) || Math.Log(u) < (0.5 * x * x) + (d * (1.0 - v + Math.Log(v))))
            {
                return d * v;
            }
        }
    }

    private static ulong SplitMix64(ref ulong state)
    {
        var z = state += 0x9E3779B97F4A7C15UL;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
        return z ^ (z >> 31);
    }

    private static ulong RotateLeft(ulong x, int k) => (x << k) | (x >> (64 - k));
}
