using System.Text;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>File names of the results folder that the measurement primitives write (see the results format).</summary>
public static class ResultFileNames
{
    /// <summary>latencies-&lt;stack&gt;[-&lt;variant&gt;].csv</summary>
    public static string Latencies(string stack, string variant) => "latencies-" + StackAndVariant(stack, variant) + ".csv";

    /// <summary>&lt;stack&gt;[-&lt;variant&gt;].hgrm</summary>
    public static string Histogram(string stack, string variant) => StackAndVariant(stack, variant) + ".hgrm";

    /// <summary>counters-&lt;stack&gt;.csv</summary>
    public static string Counters(string stack) => "counters-" + Sanitize(stack) + ".csv";

    /// <summary>Lower-cases and replaces every character outside [a-z0-9.=-] with '-'.</summary>
    public static string Sanitize(string name)
    {
        ArgumentNullException.ThrowIfNull(name);
        var builder = new StringBuilder(name.Length);
        foreach (char c in name.ToLowerInvariant())
        {
            builder.Append(c is (>= 'a' and <= 'z') or (>= '0' and <= '9') or '.' or '=' or '-' ? c : '-');
        }

        return builder.ToString();
    }

    private static string StackAndVariant(string stack, string variant)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(stack);
        ArgumentNullException.ThrowIfNull(variant);
        return variant.Length == 0 ? Sanitize(stack) : Sanitize(stack) + "-" + Sanitize(variant);
    }
}
