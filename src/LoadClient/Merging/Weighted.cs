namespace RpcCompare.LoadClient.Merging;

/// <summary>Per-call figures of several clients put together: each weighted by its calls (or window), as the trials of
/// one client are pooled.</summary>
internal static class Weighted
{
    /// <summary>The weighted mean; null when any client lacks the figure; the plain mean when nothing has weight.</summary>
    public static double? Mean(IReadOnlyCollection<(double? Value, double Weight)> items)
    {
        if (items.Count == 0 || items.Any(i => i.Value is null))
        {
            return null;
        }

        var weights = items.Sum(i => i.Weight);
        return weights > 0 ? items.Sum(i => i.Value!.Value * i.Weight) / weights : items.Average(i => i.Value!.Value);
    }
}
