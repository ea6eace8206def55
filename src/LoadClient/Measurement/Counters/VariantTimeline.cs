namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// When each variant label came into force, so that samples that arrive late (EventPipe delivers them in batches) are
/// still attributed to the variant that was running when the target produced them.
/// </summary>
internal sealed class VariantTimeline
{
    private readonly Lock _lock = new();
    private readonly List<(long Timestamp, string Variant)> _marks = [];

    public VariantTimeline(string initialVariant) => _marks.Add((long.MinValue, initialVariant));

    public string Current
    {
        get
        {
            lock (_lock)
            {
                return _marks[^1].Variant;
            }
        }
    }

    public void Mark(long timestamp, string variant)
    {
        lock (_lock)
        {
            if (timestamp < _marks[^1].Timestamp)
            {
                throw new ArgumentOutOfRangeException(nameof(timestamp), timestamp, "Variant marks must be added in time order.");
            }

            _marks.Add((timestamp, variant));
        }
    }

    public string VariantAt(long timestamp)
    {
        lock (_lock)
        {
            // Marks are few (a handful per scenario); the newest usually matches, so search backwards.
            for (int i = _marks.Count - 1; i > 0; i--)
            {
                if (_marks[i].Timestamp <= timestamp)
                {
                    return _marks[i].Variant;
                }
            }

            return _marks[0].Variant;
        }
    }
}
