namespace RpcCompare.Contracts.Json;

/// <summary>Ping request and reply body: the payload echoed back.</summary>
public sealed record PingMessage(string Payload);

public sealed record SnapshotRequest(int Size);

public sealed record NeighbourhoodRequest(long[] Ids);
