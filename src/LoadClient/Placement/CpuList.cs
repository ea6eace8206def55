using System.Globalization;

namespace RpcCompare.LoadClient.Placement;

/// <summary>CPU lists as taskset and cpuset write them: "0", "0,2", "0-3,6".</summary>
public static class CpuList
{
    public static bool TryParse(string text, out IReadOnlyList<int> cpus, out string error)
    {
        var set = new SortedSet<int>();
        cpus = [];
        error = "";
        foreach (var part in text.Split(',', StringSplitOptions.TrimEntries))
        {
            var bounds = part.Split('-', 2, StringSplitOptions.TrimEntries);
            if (!int.TryParse(bounds[0], NumberStyles.None, CultureInfo.InvariantCulture, out var first)
                || !int.TryParse(bounds[^1], NumberStyles.None, CultureInfo.InvariantCulture, out var last)
                || last < first || last > 1023)
            {
                error = $"'{part}' is not a CPU number or range (e.g. 0, 2-3)";
                return false;
            }
            for (var cpu = first; cpu <= last; cpu++)
            {
                set.Add(cpu);
            }
        }
        cpus = [.. set];
        return true;
    }

    /// <summary>The shortest list form: runs of three or more as ranges.</summary>
    public static string Format(IEnumerable<int> cpus)
    {
        var sorted = cpus.Distinct().Order().ToList();
        var parts = new List<string>();
        for (var i = 0; i < sorted.Count;)
        {
            var j = i;
            while (j + 1 < sorted.Count && sorted[j + 1] == sorted[j] + 1)
            {
                j++;
            }
            parts.Add(j - i >= 2 ? $"{sorted[i]}-{sorted[j]}" : j == i ? $"{sorted[i]}" : $"{sorted[i]},{sorted[j]}");
            i = j + 1;
        }
        return string.Join(',', parts);
    }
}
