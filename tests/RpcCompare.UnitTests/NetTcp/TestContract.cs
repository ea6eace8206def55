using System.Runtime.Serialization;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.UnitTests.NetTcp;

public interface ITestService
{
    Task<string> PingAsync(string payload);

    Task<long> AddAsync(long a, long b);

    Task<double> ScaleAsync(double value, double factor);

    Task<DateTime> ShiftAsync(DateTime value, int hours);

    Task<NodeView> EchoNodeAsync(NodeView node);

    Task<LinkView[]> GetLinksAsync(long nodeId, int count);

    Task<int[]> ReverseAsync(int[] values);

    Task<string?> EchoNullableAsync(string? value);

    Task RecordAsync(string note);

    Task<long> RecordedCountAsync();

    Task<string> ThrowFaultAsync(string reason, string code);

    Task<string> ThrowDetailedFaultAsync(long nodeId);

    Task<string> ThrowExceptionAsync(string secret);

    Task<string> WaitForReleaseAsync(string key);

    Task<BrokenView> GetBrokenAsync();

    Task<string> AcceptBrokenAsync(BrokenView view);
}

public static class TestContract
{
    public const string Name = "ITestService";
    public const string Namespace = "http://rpccompare.test/";

    public static ContractDescription Description { get; } = ContractDescription.Create<ITestService>(Name, Namespace);
}

[DataContract(Namespace = "http://rpccompare.test/data")]
public sealed class NodeView
{
    [DataMember]
    public long Id { get; set; }

    [DataMember]
    public string? Name { get; set; }

    [DataMember]
    public double Weight { get; set; }

    [DataMember]
    public DateTime CreatedUtc { get; set; }

    [DataMember]
    public string[]? Tags { get; set; }

    [DataMember]
    public double[]? Scores { get; set; }

    [DataMember]
    public LinkView[]? Links { get; set; }

    [DataMember]
    public NodeView? Parent { get; set; }
}

[DataContract(Namespace = "http://rpccompare.test/data")]
public sealed class LinkView
{
    [DataMember]
    public long Source { get; set; }

    [DataMember]
    public long Target { get; set; }

    [DataMember]
    public string? Label { get; set; }

    [DataMember]
    public double Score { get; set; }

    [DataMember]
    public DateTime CreatedUtc { get; set; }
}

[DataContract(Namespace = "http://rpccompare.test/data")]
public sealed class NodeFaultDetail
{
    [DataMember]
    public long NodeId { get; set; }

    [DataMember]
    public string? Hint { get; set; }
}

/// <summary>Serialization fails part-way: after Name, reading Fails throws.</summary>
[DataContract(Namespace = "http://rpccompare.test/data")]
public sealed class BrokenView
{
    [DataMember(Order = 1)]
    public string? Name { get; set; }

    [DataMember(Order = 2)]
    public string? Fails
    {
        get => throw new InvalidOperationException("this member cannot be serialized");
        set => _ = value;
    }
}
