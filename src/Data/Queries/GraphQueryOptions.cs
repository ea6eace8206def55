namespace RpcCompare.Data.Queries;

public sealed record GraphQueryOptions
{
    /// <summary>CreateNode is refused unless this is set: hosts are read-only outside the write scenario.</summary>
    public bool AllowWrites { get; init; }

    /// <summary>Distinct snapshot sizes kept on the server; bounds what repeated PrepareSnapshot calls can store.</summary>
    public int MaxSnapshots { get; init; } = 16;
}
