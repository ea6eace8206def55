using RpcCompare.IntegrationTests.Infrastructure;

namespace RpcCompare.IntegrationTests.Servers;

/// <summary>Every operation gives the same answer on every stack, and that answer is the hand-written SQL's (<see cref="EquivalenceChecks"/>).</summary>
[Collection(DatabaseCollection.Name)]
public sealed class EquivalenceTests(DatabaseFixture db)
{
    [Theory]
    [MemberData(nameof(StackData.All), MemberType = typeof(StackData))]
    public async Task LinksOfTheBiggestHubEqualTheSql(string stack) => await (await ChecksAsync()).LinksOfTheBiggestHubEqualTheSql(stack);

    [Theory]
    [MemberData(nameof(StackData.All), MemberType = typeof(StackData))]
    public async Task LinksOfALeafAndOfAnIsolatedNodeEqualTheSql(string stack) => await (await ChecksAsync()).LinksOfALeafAndOfAnIsolatedNodeEqualTheSql(stack);

    [Theory]
    [MemberData(nameof(StackData.All), MemberType = typeof(StackData))]
    public async Task AnUnknownNodeIsNotFoundInTheStacksOwnTerms(string stack) => await (await ChecksAsync()).AnUnknownNodeIsNotFoundInTheStacksOwnTerms(stack);

    [Theory]
    [MemberData(nameof(StackData.All), MemberType = typeof(StackData))]
    public async Task SearchesEqualTheSqlIncludingNoHitAndUnicode(string stack) => await (await ChecksAsync()).SearchesEqualTheSqlIncludingNoHitAndUnicode(stack);

    [Theory]
    [MemberData(nameof(StackData.All), MemberType = typeof(StackData))]
    public async Task RecordsOfASnapshotAreTheSameOnEveryStack(string stack) => await (await ChecksAsync()).RecordsOfASnapshotAreTheSameOnEveryStack(stack);

    [Theory]
    [MemberData(nameof(StackData.All), MemberType = typeof(StackData))]
    public async Task ANodeCreatedThroughOneStackIsVisibleThroughAll(string stack) => await (await ChecksAsync()).ANodeCreatedThroughOneStackIsVisibleThroughAll(stack);

    [Theory]
    [MemberData(nameof(StackData.All), MemberType = typeof(StackData))]
    public async Task PagesNodesAndNeighbourhoodsEqualTheSql(string stack) => await (await ChecksAsync()).PagesNodesAndNeighbourhoodsEqualTheSql(stack);

    [Theory]
    [MemberData(nameof(StackData.Streaming), MemberType = typeof(StackData))]
    public async Task StreamingVariantsEqualTheUnaryCalls(string stack) => await (await ChecksAsync()).StreamingVariantsEqualTheUnaryCalls(stack);

    [Fact]
    public async Task TheGraphQlPageQueryEqualsTheChattyCalls() => await (await ChecksAsync()).TheGraphQlPageQueryEqualsTheChattyCalls();

    private async Task<EquivalenceChecks> ChecksAsync() => new(db, await db.ClientsAsync());
}
