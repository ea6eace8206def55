using Pragmastat;

namespace RpcCompare.Reports.Statistics;

/// <summary>A non-empty sample of finite values, sorted once and shared by every estimator.</summary>
public sealed class SortedSample
{
    private readonly double[] _sorted;
    private Sample? _perfolizer;

    private SortedSample(double[] sorted)
    {
        _sorted = sorted;
        Mean = sorted.Average();
    }

    public static SortedSample From(IReadOnlyList<double> values)
    {
        if (values.Count == 0)
        {
            throw new ArgumentException("A sample needs at least one value.", nameof(values));
        }

        var copy = new double[values.Count];
        for (var i = 0; i < copy.Length; i++)
        {
            if (!double.IsFinite(values[i]))
            {
                throw new ArgumentException($"Value #{i} is {values[i]}; samples hold finite numbers only.", nameof(values));
            }

            copy[i] = values[i];
        }

        Array.Sort(copy);
        return new SortedSample(copy);
    }

    public int Count => _sorted.Length;
    public double Min => _sorted[0];
    public double Max => _sorted[^1];
    public double Mean { get; }

    /// <summary>The i-th smallest value, 0-based.</summary>
    public double this[int index] => _sorted[index];

    public ReadOnlySpan<double> AsSpan() => _sorted;

    internal Sample ToPerfolizer() => _perfolizer ??= new Sample(_sorted);
}
