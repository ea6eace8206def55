namespace RpcCompare.Reports.Statistics;

/// <summary>The empirical CDF F(x) = #{values &lt;= x} / n of a sample.</summary>
public sealed class Ecdf
{
    private readonly SortedSample _sample;

    public Ecdf(SortedSample sample) => _sample = sample;

    public int Count => _sample.Count;

    public double Evaluate(double x)
    {
        var sorted = _sample.AsSpan();
        int low = 0, high = sorted.Length;
        while (low < high)
        {
            var middle = (low + high) >>> 1;
            if (sorted[middle] <= x)
            {
                low = middle + 1;
            }
            else
            {
                high = middle;
            }
        }

        return low / (double)sorted.Length;
    }

    /// <summary>
    /// The corners of the step function: (x, F(x)) at each distinct value, F jumping up at x. When the sample has more
    /// than <paramref name="maxSteps"/> distinct values, the steps at the order statistics of probabilities
    /// k/maxSteps are kept (plus the minimum and maximum), so the drawn curve is within 1/maxSteps of the exact one.
    /// </summary>
    public IReadOnlyList<(double X, double P)> Steps(int maxSteps = 1000)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(maxSteps, 2);
        var sorted = _sample.AsSpan();
        var n = sorted.Length;
        var steps = new List<(double X, double P)>();
        if (n <= maxSteps)
        {
            for (var i = 0; i < n; i++)
            {
                AddStep(sorted, steps, i);
            }
        }
        else
        {
            AddStep(sorted, steps, 0);
            for (var k = 1; k <= maxSteps; k++)
            {
                AddStep(sorted, steps, (int)Math.Min(n - 1, Math.Ceiling(k * (double)n / maxSteps) - 1));
            }
        }

        return steps;
    }

    private static void AddStep(ReadOnlySpan<double> sorted, List<(double X, double P)> steps, int index)
    {
        // Move to the last of the run of equal values, so P is F(x) itself.
        var x = sorted[index];
        while (index + 1 < sorted.Length && sorted[index + 1] == x)
        {
            index++;
        }

        if (steps.Count == 0 || steps[^1].X < x)
        {
            steps.Add((x, (index + 1) / (double)sorted.Length));
        }
    }
}
