using System.Text.Json;

namespace RpcCompare.Network;

/// <summary>The first line a relay prints: upstream address -> the relay's address for it.</summary>
public sealed record RelayReadyLine(string Network, IReadOnlyDictionary<string, string> Addresses)
{
    public static readonly JsonSerializerOptions JsonOptions = new(JsonSerializerDefaults.Web);
}
