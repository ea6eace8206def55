using System.Text;
using System.Text.Json;
using Google.Protobuf;
using Proto = RpcCompare.Contracts.Grpc;
using RpcCompare.Contracts;
using RpcCompare.Contracts.Json;
using RpcCompare.LoadClient.Clients;

namespace RpcCompare.UnitTests.Clients;

/// <summary>The REST client's JSON metadata reads what the protobuf JSON mapping writes into the shared model.</summary>
public class GrpcJsonShapesTests
{
    private static readonly DateTime Created = new DateTime(2024, 5, 1, 10, 20, 30, DateTimeKind.Utc).AddTicks(1_234_560);

    private static readonly LinkView Link = new()
    {
        Id = 9_007_199_254_740_993, // beyond a double's exact integers: read from a string, not rounded
        Type = "follows",
        Weight = 0.25,
        CreatedAt = Created,
        Target = new NodeSummary { Id = 42, Name = "amber", Type = "person" },
    };

    [Fact]
    public void ProtobufJsonOfLinksReadsIntoTheModel()
    {
        var list = new Proto.LinkList { Links = { Link.ToProto() } };
        using var json = JsonDocument.Parse(JsonFormatter.Default.Format(list));
        var links = json.RootElement.GetProperty("links");

        Assert.Equal(JsonValueKind.String, links[0].GetProperty("id").ValueKind);
        Assert.Equal("2024-05-01T10:20:30.123456Z", links[0].GetProperty("createdAt").GetString());
        Assert.Equal([Link], links.Deserialize(GraphJsonContext.Default.LinkViewArray)!);
    }

    [Fact]
    public void AWideRecordsSnakeCaseFieldsReadIntoTheModel()
    {
        var record = new WideRecord
        {
            Id = 7, AddressLine1 = "1 Main St", IsActive = true, ParentId = 3, CreatedAt = Created, UpdatedAt = Created,
            PublishedAt = Created, ExpiresAt = Created, ReviewedAt = Created, SyncedAt = Created, ValidFrom = Created,
        };
        var json = JsonFormatter.Default.Format(record.ToProto());

        Assert.Contains("\"addressLine1\"", json, StringComparison.Ordinal);
        Assert.Equal([record], JsonSerializer.Deserialize($"[{json}]", GraphJsonContext.Default.WideRecordArray)!);
    }

    [Fact]
    public async Task NewlineDelimitedBatchesReadAsOneList()
    {
        var second = Link with { Id = 2 };
        var body = JsonSerializer.Serialize(new[] { Link }, GraphJsonContext.Default.LinkViewArray) + "\n"
            + JsonSerializer.Serialize(new[] { second }, GraphJsonContext.Default.LinkViewArray) + "\n";
        using var stream = new MemoryStream(Encoding.UTF8.GetBytes(body));

        var links = await GrpcJsonGraphClient.ReadBatchesAsync(stream, GraphJsonContext.Default.LinkViewArray, default).ToArrayAsync();

        Assert.Equal([Link, second], links);
    }
}
